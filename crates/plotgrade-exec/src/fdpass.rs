//! Messages with descriptors attached, between a pool slot and its template: one JSON
//! message per `SOCK_SEQPACKET` datagram, descriptors as `SCM_RIGHTS` (rustix).

use std::io::{self, IoSlice, IoSliceMut};
use std::mem::MaybeUninit;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};

use rustix::net::{
    AddressFamily, RecvAncillaryBuffer, RecvAncillaryMessage, RecvFlags, SendAncillaryBuffer,
    SendAncillaryMessage, SendFlags, SocketFlags, SocketType,
};

/// Largest message either side sends (a Hello with versions is a few KB).
pub const MAX_MESSAGE: usize = 64 << 10;
/// Most descriptors one message carries.
const MAX_FDS: usize = 4;

/// A connected pair of sequenced-packet sockets (close-on-exec).
pub fn pair() -> io::Result<(OwnedFd, OwnedFd)> {
    rustix::net::socketpair(
        AddressFamily::UNIX,
        SocketType::SEQPACKET,
        SocketFlags::CLOEXEC,
        None,
    )
    .map_err(io::Error::from)
}

/// Send one message with `fds` attached.
pub fn send(socket: impl AsFd, bytes: &[u8], fds: &[BorrowedFd<'_>]) -> io::Result<()> {
    let mut space = [MaybeUninit::uninit(); rustix::cmsg_space!(ScmRights(MAX_FDS))];
    let mut control = SendAncillaryBuffer::new(&mut space);
    if !fds.is_empty() && !control.push(SendAncillaryMessage::ScmRights(fds)) {
        return Err(io::Error::other("too many descriptors for one message"));
    }
    loop {
        match rustix::net::sendmsg(
            &socket,
            &[IoSlice::new(bytes)],
            &mut control,
            SendFlags::NOSIGNAL,
        ) {
            Ok(n) if n == bytes.len() => return Ok(()),
            Ok(_) => return Err(io::Error::other("message cut short")),
            Err(rustix::io::Errno::INTR) => continue,
            Err(e) => return Err(e.into()),
        }
    }
}

/// Receive one message and the descriptors that came with it; `None` when the other end
/// has closed.
pub fn recv(socket: impl AsFd) -> io::Result<Option<(Vec<u8>, Vec<OwnedFd>)>> {
    let mut buf = vec![0u8; MAX_MESSAGE];
    let mut space = [MaybeUninit::uninit(); rustix::cmsg_space!(ScmRights(MAX_FDS))];
    let mut control = RecvAncillaryBuffer::new(&mut space);
    let msg = loop {
        match rustix::net::recvmsg(
            &socket,
            &mut [IoSliceMut::new(&mut buf)],
            &mut control,
            RecvFlags::CMSG_CLOEXEC,
        ) {
            Ok(m) => break m,
            Err(rustix::io::Errno::INTR) => continue,
            Err(e) => return Err(e.into()),
        }
    };
    let mut fds = Vec::new();
    for message in control.drain() {
        if let RecvAncillaryMessage::ScmRights(received) = message {
            fds.extend(received);
        }
    }
    if msg.bytes == 0 && fds.is_empty() {
        return Ok(None);
    }
    if msg.flags.contains(rustix::net::ReturnFlags::TRUNC) {
        return Err(io::Error::other("message longer than the limit"));
    }
    buf.truncate(msg.bytes);
    Ok(Some((buf, fds)))
}
