"""The ink ledger: which artist painted each pixel of the graded picture.

The scene is a model of the picture, and a model can be fooled: ink it does not read
(a spine moved over the data, a tick as wide as a bar, a path effect, a text's box),
geometry Agg draws differently from the numbers it reads (a patch's angle, a clip
path, a line whose cached path no longer follows its data), or content nobody can see
(off the canvas, covered, clipped, drawn in the colour of what is behind it). So the
reader binds the scene to the pixels (docs/security.md, "What passes is visible"):

1. While the figure is drawn for the PNG, every draw call the renderer receives is
   mirrored into two label buffers of the same size, in the colour of the artist that
   made it (``Ledger``): one for opaque ink (alpha >= 0.5), which hides what is below,
   and one for faint ink, which does not. Labels are given in drawing order, so a
   larger label was drawn later. The artist is the innermost one whose ``draw`` is
   running: the reader wraps every artist class's ``draw`` (it is trusted code, and
   the process is discarded after one job), and its own draw calls are mirrored
   whatever transform, clip, path effect or sketch they carry, because the mirror is
   given the very same path, transform and clip as Agg.
2. When an artist finishes drawing, its own ink (before anything later covers it) is
   kept; at the end, what still shows of it is in the label buffers.
3. ``bind`` checks each element the scene read against that ink: its own ink lies in
   the element's shape as the scene reads it (rasterised by Agg from the scene's
   numbers, with a tolerance), fills that shape where it is filled, and still shows
   (not covered by later ink, not clipped away, not off the canvas, and in a colour
   that differs from what surrounds it). An element that does not show is removed
   from the scene (``unseen``); ink drawn where its element says it is not, and ink
   inside an axes that no element of the scene explains (a frame spine, tick marks or
   a grid line reaching into the data, an artist past a cap), is an ink problem
   (``ink``): the verdict cannot pass.

Written by hand: no library attributes rendered pixels to matplotlib artists.
"""

from __future__ import annotations

import functools
import math

import numpy as np
from matplotlib import artist as martist
from matplotlib import axis as maxis
from matplotlib import cbook
from matplotlib import lines as mlines
from matplotlib import patches as mpatches
from matplotlib import spines as mspines
from matplotlib import text as mtext
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.font_manager import fontManager, get_font
from matplotlib.figure import FigureBase
from matplotlib.legend import Legend
from matplotlib.lines import Line2D
from matplotlib.path import Path
from matplotlib.transforms import Affine2D, Bbox

# Ink at or above this alpha hides what is below it; fainter ink does not (two
# histograms at alpha 0.5 both show; a legend's frame at 0.8 hides what is behind it).
OPAQUE = 0.75
# Tolerance, in pixels, between the ink an element drew and its shape as the scene reads it.
TOL_PX = 2.5
# How much of an element's own ink may fall outside its shape: a few stray pixels of
# rounding, never a second drawing elsewhere.
STRAY_PX = 6
STRAY_SHARE = 0.03
# A filled shape must be this much inked by its element (a clip path cutting a bar to
# a triangle inks half of it).
FILLED = 0.7
# Share of an element's own ink that must still show at the end.
SHOWN = 0.5
# An element that shows by at least this share of its ink (and SAME_COLOUR_PX pixels)
# also shows where what covers it has its colour (`Binder._same_colour_under`).
SAME_COLOUR_SEEN = 0.25
SAME_COLOUR_PX = 12
# ... and of a text's glyphs (a tick label at the origin is crossed by both axis lines).
SHOWN_TEXT = 0.35
# A line at most this wide (px) drawn over an element is seen past, when the element
# shows by at least this share of its ink around it (`Binder._seen_past_lines`).
LINE_PAST_PX = 5.0
LINE_PAST_SEEN = 0.15
# A text's ink may reach this many font sizes past its glyph box (a bbox patch's pad,
# a stroke path effect).
TEXT_PAD_EM = 0.9
# Colour difference (0-255, largest channel) that counts as visible contrast, and the
# share of an element's edge pixels that must have it.
CONTRAST = 16
CONTRAST_SHARE = 0.35
# A stroke at most this many pixels across is also compared along its length
# (`Binder._differ_across`).
THIN_PX = 4
# Pixels of earlier ink an element must hide to be seen by what it hides.
COVERS_PX = 20
# ... and the share of it they must make (a white text crossing a black frame line hides
# a few of the line's pixels, and still reads as nothing).
COVERS_SHARE = 0.25
# An element's pixels compared with what surrounds it: all of them, up to this many.
CONTRAST_PIXELS = 4096
# ... and of a larger one, this many places spread evenly over it (`Binder._differ`):
# the first terms of the R2 sequence (steps 1/g and 1/g², g the plastic number), even in
# two dimensions, and of the golden-ratio sequence, even in one.
CONTRAST_SPREAD = 1024
_R2_X = (0.5 + np.arange(CONTRAST_SPREAD) * 0.7548776662466927) % 1.0
_R2_Y = (0.5 + np.arange(CONTRAST_SPREAD) * 0.5698402909980532) % 1.0
_GOLDEN_SEQ = np.arange(CONTRAST_SPREAD) * ((math.sqrt(5) - 1) / 2) % 1.0
# The band along an axes' outline where frame spines and tick marks may ink, and the
# width a grid line may have inside it.
FRAME_BAND_PX = 12
GRID_PX = 6
# The ink a tick mark may leave inside an axes (15 px long and 4 px wide, both sides).
TICK_MARK_PX = 120
# Ink of an unexplained artist inside an axes tolerated as rounding.
UNEXPLAINED_PX = 8
# Two texts a figure's values are read from (free texts, tick labels) are garbled
# together when each shows GARBLED_PX glyph pixels inside the other's glyph box and
# GARBLED_TOUCH touching the other's glyphs, and for one of them those inside are
# GARBLED_SHARE of what shows of it (a label written over the row of tick labels; not a
# label whose opaque box hides the text below it, nor two texts that only come close).
# `Binder._garbled`.
GARBLED_PX = 4
GARBLED_TOUCH = 3
GARBLED_SHARE = 0.2

_active = None  # the Ledger observing the current draw, if any
FAINT = object()  # stands for the faint buffer until one is needed


def _id_colour(n):
    """Label ``n`` as an opaque colour: its low byte red, so that a pixel read as a
    little-endian word is the label itself in its low 24 bits."""
    return (n & 255) / 255.0, ((n >> 8) & 255) / 255.0, ((n >> 16) & 255) / 255.0, 1.0


def _pixels(renderer, box=None):
    """A label buffer's pixels as packed RGBA words (``_packed``), optionally a crop."""
    v = np.frombuffer(renderer.buffer_rgba(), dtype=np.uint32).reshape(
        int(renderer.height), int(renderer.width))
    if box is not None:
        c0, r0, c1, r1 = box
        v = v[r0:r1, c0:c1]
    return v


def _packed(n):
    """The word a pixel of label ``n`` holds (RGBA bytes, native order)."""
    r, g, b = n & 255, (n >> 8) & 255, (n >> 16) & 255
    return np.frombuffer(bytes((r, g, b, 255)), dtype=np.uint32)[0]


_LITTLE = np.frombuffer(bytes((1, 0, 0, 0)), dtype=np.uint32)[0] == 1


def _labels(renderer, box=None):
    """The label of each pixel of a label buffer (0 where nothing was drawn: a cleared
    buffer is transparent white)."""
    v = _pixels(renderer, box)
    if _LITTLE:  # bytes R, G, B, A: the word's low 24 bits are the label
        lab = v & 0xFFFFFF
        lab[v < 0xFF000000] = 0  # not opaque: never drawn (a cleared buffer is transparent)
    else:
        lab = ((v >> 24) & 0xFF) | ((v >> 8) & 0xFF00) | ((v << 8) & 0xFF0000)
        lab[(v & 0xFF) != 255] = 0
    return lab


def _extent(path, transform):
    """A box around a path through a transform: its control points' box, which holds
    every curve they shape (Path.get_extents finds the curves' own extrema, a
    polynomial root per segment: 100 ms for a text's outline)."""
    v = transform.transform(path.vertices)
    if not len(v):
        return None
    lo, hi = v.min(axis=0), v.max(axis=0)
    if not (np.isfinite(lo).all() and np.isfinite(hi).all()):  # NaN gaps, inf: the rest
        v = v[np.isfinite(v).all(axis=1)]
        if not len(v):
            return None
        lo, hi = v.min(axis=0), v.max(axis=0)
    return float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])


def _wrap(draw):
    @functools.wraps(draw)
    def observed(self, renderer, *args, **kwargs):
        led = _active
        if led is None:
            return draw(self, renderer, *args, **kwargs)
        n = led.enter(self)
        try:
            return draw(self, renderer, *args, **kwargs)
        finally:
            led.leave(n)

    observed._plotgrade_ink = True
    return observed


def observe_classes():
    """Wrap the ``draw`` of every artist class loaded now (idempotent). Called in the
    reader only, after the figure is unpickled (so the classes it made exist)."""
    seen, todo = set(), [martist.Artist]
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        todo.extend(cls.__subclasses__())
        fn = cls.__dict__.get("draw")
        if callable(fn) and not getattr(fn, "_plotgrade_ink", False):
            type.__setattr__(cls, "draw", _wrap(fn))


def _containers():
    return (FigureBase, Axes, maxis.Axis, maxis.Tick, Legend)


class Ledger:
    """Label buffers mirroring one draw of a figure (module doc, step 1)."""

    def __init__(self, renderer):
        self.renderer = renderer
        self.w, self.h = int(renderer.width), int(renderer.height)
        self.opaque = RendererAgg(self.w, self.h, renderer.dpi)
        self._faint = None  # made on the first faint ink (most figures have none)
        self.ids = {}  # id(artist) -> label
        self.artists = [None]  # label -> artist
        self.parent = [0]  # label -> label of the artist drawing it
        self.stack = [0]
        self.extent = {}  # label -> [x0, y0, x1, y1] of its draw calls, buffer pixels
        self.own = {}  # label -> (col0, row0, mask) of its own ink when it finished
        self.glyphs = {}  # label -> glyph pixels its texts would ink, unclipped
        self.glyph_box = {}  # label -> box of its glyphs (display), None if rotated
        self.candidates = set()  # labels whose own ink is kept
        self.problems = []  # why some ink could not be attributed
        self.final_o = self.final_t = None
        self.faint_used = False
        self._saved = {}
        self._children = None
        self._fonts = {}  # FontProperties -> the FT2Font Agg draws it with
        self._gcs = {}  # id(buffer renderer) -> its graphics context

    @property
    def faint(self):
        """The buffer of faint ink, made when first needed."""
        if self._faint is None:
            self._faint = RendererAgg(self.w, self.h, self.renderer.dpi)
        return self._faint

    def _buffer(self, which):
        return self.faint if which is FAINT else which

    # -- attribution ---------------------------------------------------------------
    def enter(self, artist):
        if self.artists[self.stack[-1]] is artist:
            return None  # a draw calling its base class's draw
        n = self.ids.get(id(artist))
        if n is None:
            n = len(self.artists)
            self.ids[id(artist)] = n
            self.artists.append(artist)
            self.parent.append(self.stack[-1])
            parent = self.artists[self.stack[-1]]
            inside_tick = isinstance(parent, maxis.Tick) and not isinstance(artist, mtext.Text)
            if not isinstance(artist, _containers()) and not inside_tick:
                self.candidates.add(n)
        try:
            if artist.get_agg_filter() is not None:
                self.problems.append(f"{type(artist).__name__} is drawn through an agg filter, "
                                     "which moves its ink where no draw call says")
        except Exception:  # noqa: BLE001 — no filter to speak of
            pass
        self.stack.append(n)
        return n

    def leave(self, n):
        if n is None:
            return
        self.stack.pop()
        if n in self.candidates:
            self._keep_own(n)

    def _keep_own(self, n):
        box = self.extent.get(n)
        if box is None:
            return
        c0, r0, c1, r1 = box
        if c1 <= c0 or r1 <= r0:
            return
        word = _packed(n)
        own = _pixels(self.opaque, box) == word
        if self.faint_used:
            own |= _pixels(self.faint, box) == word
        prev = self.own.get(n)
        if prev is not None:  # drawn twice: keep the union
            own = own | _place(prev, c0, r0, c1 - c0, r1 - r0)
        self.own[n] = (c0, r0, own)

    def _grow(self, x0, y0, x1, y1, gc=None):
        """Add a draw call's extent (display coordinates) to the current artist's."""
        n = self.stack[-1]
        if gc is not None:
            clip = gc.get_clip_rectangle()
            if clip is not None:
                (cx0, cy0), (cx1, cy1) = clip.get_points()  # as clip.x0 … (one call)
                x0, y0 = max(x0, cx0), max(y0, cy0)
                x1, y1 = min(x1, cx1), min(y1, cy1)
        if not all(map(math.isfinite, (x0, y0, x1, y1))):
            x0, y0, x1, y1 = 0, 0, self.w, self.h
        c0, c1 = max(0, int(math.floor(x0)) - 1), min(self.w, int(math.ceil(x1)) + 2)
        r0, r1 = max(0, self.h - int(math.ceil(y1)) - 2), min(self.h, self.h - int(math.floor(y0)) + 1)
        if c1 <= c0 or r1 <= r0:
            return
        old = self.extent.get(n)
        self.extent[n] = [c0, r0, c1, r1] if old is None else [
            min(old[0], c0), min(old[1], r0), max(old[2], c1), max(old[3], r1)]

    def _everywhere(self):
        self._grow(0, 0, self.w, self.h)

    # -- mirrored draw calls -------------------------------------------------------
    def _gc(self, target, gc, stroke):
        if target is self._faint:
            self.faint_used = True
        g = self._gcs.get(id(target))
        if g is None:  # one per buffer, reused: copy_properties sets every field
            g = self._gcs[id(target)] = target.new_gc()
        g.copy_properties(gc)
        g._rgb = _id_colour(self.stack[-1])
        g._alpha, g._forced_alpha = 1.0, False
        g._antialiased = False
        g._hatch = None
        if not stroke:
            g._linewidth = 0
        return g

    def _targets(self, gc, rgbFace):
        """(buffer, draw the stroke, draw the face) for each buffer this call inks."""
        stroke_a = gc._rgb[3] if (gc.get_linewidth() or 0) > 0 else 0.0
        face_a = 0.0
        if rgbFace is not None:
            face_a = gc._alpha if (gc._forced_alpha or len(rgbFace) == 3) else rgbFace[3]
        if gc.get_hatch() is not None:  # hatching inks the face in the hatch colour
            face_a = max(face_a, gc.get_hatch_color()[3] if len(gc.get_hatch_color()) == 4 else 1.0)
        out = []
        for buf, lo, hi in ((self.opaque, OPAQUE, 2.0), (FAINT, 1e-9, OPAQUE)):
            s, f = lo <= stroke_a < hi, lo <= face_a < hi
            if s or f:
                out.append((self._buffer(buf), s, f))
        return out

    def draw_path(self, gc, path, transform, rgbFace=None):
        targets = self._targets(gc, rgbFace)
        if not targets:
            return
        try:
            x0, y0, x1, y1 = _extent(path, transform)
            pad = gc.get_linewidth() * self.renderer.dpi / 72.0 + 2
            self._grow(x0 - pad, y0 - pad, x1 + pad, y1 + pad, gc)
        except Exception:  # noqa: BLE001 — an odd path: look everywhere
            self._everywhere()
        face = _id_colour(self.stack[-1])
        for buf, s, f in targets:
            buf._renderer.draw_path(self._gc(buf, gc, s), path, transform, face if f else None)

    def draw_markers(self, gc, marker_path, marker_trans, path, trans, rgbFace=None):
        targets = self._targets(gc, rgbFace)
        if not targets:
            return
        try:
            x0, y0, x1, y1 = _extent(path, trans)
            pad = max(map(abs, _extent(marker_path, marker_trans))) + \
                gc.get_linewidth() * self.renderer.dpi / 72.0 + 2
            self._grow(x0 - pad, y0 - pad, x1 + pad, y1 + pad, gc)
        except Exception:  # noqa: BLE001
            self._everywhere()
        # Agg anti-aliases markers whatever the gc says, which would blend two labels
        # into a third: the markers go through draw_path_collection, which does not.
        if path.codes is None:  # a line's points (the usual case): all of them
            offsets = trans.transform(np.asarray(path.vertices, float).reshape(-1, 2))
        else:
            pts = [v[-2:] for v, code in path.iter_segments(trans, simplify=False)
                   if code != Path.CLOSEPOLY and len(v) >= 2]
            if not pts:
                return
            offsets = np.asarray(pts, float).reshape(-1, 2)
        offsets = offsets[np.isfinite(offsets).all(axis=1)]
        if not len(offsets):
            return
        colour = np.array([_id_colour(self.stack[-1])])
        none = np.zeros((0, 4))
        for buf, s, f in targets:
            g = self._gc(buf, gc, s)
            buf._renderer.draw_path_collection(
                g, Affine2D().frozen(), [marker_path], [marker_trans.get_matrix()], offsets,
                Affine2D().frozen(), colour if f else none, colour if s else none,
                [gc.get_linewidth() if s else 0.0], [gc.get_dashes()], [False], [None], "screen")

    def _recolour(self, colours, lo, hi):
        c = np.array(colours, dtype=float).reshape(-1, 4) if len(colours) else np.zeros((0, 4))
        keep = (c[:, 3] >= lo) & (c[:, 3] < hi)
        out = np.zeros_like(c)
        out[keep] = _id_colour(self.stack[-1])
        return out, bool(keep.any())

    def draw_path_collection(self, gc, master_transform, paths, all_transforms, offsets,
                             offset_trans, facecolors, edgecolors, linewidths, linestyles,
                             antialiaseds, urls, offset_position):
        self._everywhere()
        for buf, lo, hi in ((self.opaque, OPAQUE, 2.0), (FAINT, 1e-9, OPAQUE)):
            fc, any_f = self._recolour(facecolors, lo, hi)
            ec, any_e = self._recolour(edgecolors, lo, hi)
            if gc.get_hatch() is not None and lo <= 1.0 < hi and len(fc) == 0:
                fc, any_f = np.array([_id_colour(self.stack[-1])]), True
            if not (any_f or any_e):
                continue
            buf = self._buffer(buf)
            g = self._gc(buf, gc, True)
            buf._renderer.draw_path_collection(
                g, master_transform, paths, all_transforms, offsets, offset_trans, fc, ec,
                linewidths, linestyles, [False], urls, offset_position)

    def draw_quad_mesh(self, gc, master_transform, meshWidth, meshHeight, coordinates, offsets,
                       offsetTrans, facecolors, antialiased, edgecolors):
        self._everywhere()
        for buf, lo, hi in ((self.opaque, OPAQUE, 2.0), (FAINT, 1e-9, OPAQUE)):
            fc, any_f = self._recolour(facecolors, lo, hi)
            ec, any_e = self._recolour(edgecolors, lo, hi)
            if any_f or any_e:
                buf = self._buffer(buf)
                buf._renderer.draw_quad_mesh(self._gc(buf, gc, True), master_transform, meshWidth,
                                             meshHeight, coordinates, offsets, offsetTrans, fc,
                                             False, ec)

    def draw_gouraud_triangles(self, gc, triangles_array, colors_array, transform):
        self._everywhere()
        c = np.asarray(colors_array, dtype=float)
        for buf, lo, hi in ((self.opaque, OPAQUE, 2.0), (FAINT, 1e-9, OPAQUE)):
            keep = (c[..., 3] >= lo) & (c[..., 3] < hi)
            if keep.any():
                out = np.zeros_like(c)
                out[keep] = _id_colour(self.stack[-1])
                buf = self._buffer(buf)
                buf._renderer.draw_gouraud_triangles(self._gc(buf, gc, True), triangles_array,
                                                     out, transform)

    def draw_image(self, gc, x, y, im, *args):
        arr = np.asarray(im)
        if arr.ndim != 3 or arr.shape[2] != 4:
            self._everywhere()
            return
        h, w = arr.shape[:2]
        self._grow(x, y, x + w, y + h, gc)
        alpha = arr[..., 3].astype(float) / 255.0 * (gc._alpha if gc._forced_alpha else 1.0)
        r, g, b, _ = (int(round(v * 255)) for v in _id_colour(self.stack[-1]))
        for buf, lo, hi in ((self.opaque, OPAQUE, 2.0), (FAINT, 1e-9, OPAQUE)):
            keep = (alpha >= lo) & (alpha < hi)
            if keep.any():
                out = np.zeros((h, w, 4), np.uint8)
                out[keep] = (r, g, b, 255)
                buf = self._buffer(buf)
                g2 = self._gc(buf, gc, False)
                buf._renderer.draw_image(g2, x, y, out)

    def draw_text(self, gc, x, y, s, prop, angle, ismath=False, mtext=None):
        if ismath == "TeX":
            self.problems.append("a TeX text is drawn, which the ink ledger cannot attribute")
            self._everywhere()
            return
        a = gc._rgb[3]
        if a <= 0 or not s:
            return
        buf = self.opaque if a >= OPAQUE else self.faint
        r = self.renderer
        # Mirrored after Agg drew the text (``__enter__``): its glyph bitmap is still in
        # the font (mathtext's in the parser's cache), so it is not laid out again; its
        # pixels at half coverage or more are the text's.
        if ismath:
            ox, oy, width, height, descent, coverage = r.mathtext_parser.parse(
                s, r.dpi, prop, antialiased=gc.get_antialiased())
            xd, yd = descent * math.sin(math.radians(angle)), descent * math.cos(math.radians(angle))
            xi, yi = round(x + ox + xd), round(y - oy + yd)
        else:
            # The font Agg just drew with (RendererAgg._prepare_font, without its
            # clear(), which would wipe the bitmap).
            font = self._fonts.get(prop)
            if font is None:
                font = self._fonts[prop] = get_font(fontManager._find_fonts_by_props(prop))
            coverage = font.get_image()
            d = font.get_descent() / 64.0
            xo, yo = font.get_bitmap_offset()
            xd, yd = d * math.sin(math.radians(angle)), d * math.cos(math.radians(angle))
            xi, yi = round(x + xo / 64.0 + xd), round(y + yo / 64.0 + yd)
        inked = np.asarray(coverage) >= 128
        image = inked.view(np.uint8) * np.uint8(255)
        glyphs = int(np.count_nonzero(inked))
        bh, bw = inked.shape[:2]
        n = self.stack[-1]
        self.glyphs[n] = self.glyphs.get(n, 0) + glyphs
        if angle % 360 != 0:
            # Agg rotates a text's bitmap through a bilinear filter, which would blend
            # labels: the same rotation is done here, nearest pixel, and the label
            # written straight into the buffer (draw_text_image's transform: the
            # bitmap's bottom-left corner at (x, y), rows counted from the top).
            self.glyph_box[n] = None
            self._rotated(buf, inked, xi, yi + 1, angle, gc)
            return
        # Where its glyphs are, in display coordinates.
        box = (xi, self.h - yi - 1, xi + bw, self.h - yi - 1 + bh)
        old = self.glyph_box.get(n, box)
        if old is not None:
            self.glyph_box[n] = (min(old[0], box[0]), min(old[1], box[1]),
                                 max(old[2], box[2]), max(old[3], box[3]))
        # Agg places text in rows counted from the top (its flipy); the extent is
        # kept in display coordinates, counted from the bottom.
        reach = math.hypot(bw, bh) + 2
        yd_ = self.h - yi
        self._grow(xi - reach, yd_ - reach, xi + reach, yd_ + reach, gc)
        buf._renderer.draw_text_image(image, xi, yi + 1, angle, self._gc(buf, gc, True))

    def _rotated(self, buf, glyphs, x, y, angle, gc):
        """Label the pixels of a glyph bitmap rotated by ``angle`` degrees about its
        bottom-left corner placed at (x, y) (rows from the top), within the gc's clip."""
        bh, bw = glyphs.shape
        if not glyphs.any():
            return
        t = math.radians(angle)
        cos, sin = math.cos(t), math.sin(t)
        # Corners in the buffer: p = R(-t) (u, v - bh) + (x, y).
        corners = [(u * cos + (v - bh) * sin + x, -u * sin + (v - bh) * cos + y)
                   for u, v in ((0, 0), (bw, 0), (0, bh), (bw, bh))]
        c0 = max(0, int(math.floor(min(c[0] for c in corners))))
        c1 = min(self.w, int(math.ceil(max(c[0] for c in corners))) + 1)
        r0 = max(0, int(math.floor(min(c[1] for c in corners))))
        r1 = min(self.h, int(math.ceil(max(c[1] for c in corners))) + 1)
        clip = gc.get_clip_rectangle()
        if clip is not None:
            c0, c1 = max(c0, int(math.floor(clip.x0))), min(c1, int(math.ceil(clip.x1)))
            r0, r1 = max(r0, self.h - int(math.ceil(clip.y1))), min(r1, self.h - int(math.floor(clip.y0)))
        if c1 <= c0 or r1 <= r0:
            return
        py, px = np.mgrid[r0:r1, c0:c1]
        dx, dy = px + 0.5 - x, py + 0.5 - y
        # The inverse: (u, v) = R(t) (p - (x, y)) + (0, bh).
        u = np.floor(dx * cos - dy * sin).astype(int)
        v = np.floor(dx * sin + dy * cos + bh).astype(int)
        inside = (u >= 0) & (u < bw) & (v >= 0) & (v < bh)
        hit = np.zeros(u.shape, bool)
        hit[inside] = glyphs[v[inside], u[inside]]
        if not hit.any():
            return
        view = np.asarray(buf.buffer_rgba()).view(np.uint32).reshape(self.h, self.w)
        view[r0:r1, c0:c1][hit] = _packed(self.stack[-1])
        if buf is self._faint:
            self.faint_used = True
        ys, xs = np.nonzero(hit)
        self._grow(c0 + xs.min(), self.h - (r0 + ys.max() + 1), c0 + xs.max() + 1, self.h - (r0 + ys.min()))

    # -- observing a draw ------------------------------------------------------------
    def __enter__(self):
        global _active
        r = self.renderer
        for name in ("draw_path", "draw_markers", "draw_path_collection", "draw_quad_mesh",
                     "draw_gouraud_triangles", "draw_image", "draw_text"):
            original = getattr(r, name)
            self._saved[name] = r.__dict__.get(name)
            mirror = getattr(self, name)

            def both(*args, _o=original, _m=mirror, **kwargs):
                _m(*args, **kwargs)
                return _o(*args, **kwargs)

            def text_then_mirror(*args, _o=original, _m=mirror, **kwargs):
                out = _o(*args, **kwargs)
                _m(*args, **kwargs)
                return out

            if name == "draw_text":
                both = text_then_mirror

            setattr(r, name, both)

        def filtered(*args, **kwargs):
            self.problems.append("a filter redraws ink after it was drawn")
            raise NotImplementedError("agg filters are not graded")

        self._saved["start_filter"] = r.__dict__.get("start_filter")
        r.start_filter = filtered
        _active = self
        return self

    def __exit__(self, *exc):
        global _active
        _active = None
        r = self.renderer
        for name, old in self._saved.items():
            if old is None:
                r.__dict__.pop(name, None)
            else:
                setattr(r, name, old)
        self.final_o = _labels(self.opaque)
        self.final_t = _labels(self.faint) if self.faint_used else None
        return False

    # -- queries ---------------------------------------------------------------------
    def label(self, artist):
        return self.ids.get(id(artist))

    def subtree(self, n):
        """``n`` and every label drawn inside it."""
        if self._children is None or len(self._children) != len(self.parent):
            self._children = [[] for _ in self.parent]
            for m in range(1, len(self.parent)):
                self._children[self.parent[m]].append(m)
        out, todo = set(), [n]
        while todo:
            m = todo.pop()
            out.add(m)
            todo.extend(self._children[m])
        return out


def _eroded(mask):
    """``mask`` less its outermost pixels (4-neighbour erosion; the crop's edge counts as
    outside)."""
    out = mask.copy()
    out[1:, :] &= mask[:-1, :]
    out[:-1, :] &= mask[1:, :]
    out[:, 1:] &= mask[:, :-1]
    out[:, :-1] &= mask[:, 1:]
    out[0, :] = out[-1, :] = False
    out[:, 0] = out[:, -1] = False
    return out


def _grown(mask):
    """A mask grown by one pixel in the eight directions."""
    out = mask.copy()
    out[1:, :] |= mask[:-1, :]
    out[:-1, :] |= mask[1:, :]
    tall = out.copy()
    out[:, 1:] |= tall[:, :-1]
    out[:, :-1] |= tall[:, 1:]
    return out


def _place(own, c0, r0, w, h):
    """An own-ink record placed in the box (c0, r0, w, h)."""
    oc, or_, m = own
    out = np.zeros((h, w), bool)
    y0, x0 = or_ - r0, oc - c0
    ys, xs = max(0, y0), max(0, x0)
    ye, xe = min(h, y0 + m.shape[0]), min(w, x0 + m.shape[1])
    if ye > ys and xe > xs:
        out[ys:ye, xs:xe] = m[ys - y0:ye - y0, xs - x0:xe - x0]
    return out


# ----------------------------------------------------------------------------------------
# Binding the scene to the ink
# ----------------------------------------------------------------------------------------

class Shape:
    """An element's shape as the scene reads it, in display coordinates: paths filled
    and/or stroked, markers at points, clipped to a box."""

    def __init__(self, clip=None):
        self.parts = []  # (path, fill, stroke_px)
        self.marks = []  # (points Nx2, diameter_px)
        self.clip = clip
        self.filled = False

    def path(self, path, fill, stroke_px):
        self.parts.append((path, fill, max(0.0, stroke_px)))
        self.filled = self.filled or fill
        return self

    def points(self, xy, diameter_px):
        self.marks.append((np.asarray(xy, float).reshape(-1, 2), max(1.0, diameter_px)))
        return self

    def extents(self):
        boxes = []
        for path, _, stroke in self.parts:
            v = path.vertices
            v = v[np.isfinite(v).all(axis=1)]
            if len(v):
                boxes.append((v.min(0) - stroke, v.max(0) + stroke))
        for xy, d in self.marks:
            v = xy[np.isfinite(xy).all(axis=1)]
            if len(v):
                boxes.append((v.min(0) - d, v.max(0) + d))
        if not boxes:
            return None
        lo = np.min([b[0] for b in boxes], axis=0)
        hi = np.max([b[1] for b in boxes], axis=0)
        return lo[0], lo[1], hi[0], hi[1]


def _raster(shape, dpi, c0, r0, w, h, H, grow_px, fill_only=False):
    """A mask of ``shape`` grown by ``grow_px`` in the crop (c0, r0, w, h) of a canvas
    ``H`` pixels high, drawn by Agg without anti-aliasing."""
    fast = _rectangle_mask(shape, c0, r0, w, h, H, grow_px, fill_only)
    if fast is not None:
        return fast
    r = RendererAgg(w, h, dpi)
    to_crop = Affine2D().translate(-c0, -(H - r0 - h))
    gc = r.new_gc()
    gc._antialiased = False
    gc._rgb = (1.0, 1.0, 1.0, 1.0)
    gc.set_capstyle("round")
    gc.set_joinstyle("round")
    if shape.clip is not None:
        cb = shape.clip
        gc.set_clip_rectangle(Bbox.from_extents(cb[0] - c0 - grow_px, cb[1] - (H - r0 - h) - grow_px,
                                                cb[2] - c0 + grow_px, cb[3] - (H - r0 - h) + grow_px))
    pt = 72.0 / dpi
    for path, fill, stroke in shape.parts:
        if fill_only and not fill:
            continue
        # Agg cannot shrink a shape: a negative growth draws the fill alone.
        width = max(0.0, (0.0 if fill_only else stroke) + 2 * grow_px)
        gc._linewidth = width * pt
        r._renderer.draw_path(gc, path, to_crop, (1.0, 1.0, 1.0, 1.0) if fill else None)
    if not fill_only:
        for xy, d in shape.marks:
            good = xy[np.isfinite(xy).all(axis=1)]
            if not len(good):
                continue
            rad = d / 2 + grow_px
            marker = Path.unit_circle()
            gc._linewidth = 0
            r._renderer.draw_markers(gc, marker, Affine2D().scale(rad), Path(good), to_crop,
                                     (1.0, 1.0, 1.0, 1.0))
    return np.asarray(r.buffer_rgba())[..., 3] > 0


def _rectangle_mask(shape, c0, r0, w, h, H, grow_px, fill_only):
    """The mask of a shape that is one filled axis-aligned rectangle, without Agg."""
    if shape.marks or len(shape.parts) != 1:
        return None
    path, fill, stroke = shape.parts[0]
    if not fill:
        return None
    v = path.vertices
    if len(v) not in (4, 5) or not np.isfinite(v).all():
        return None
    # Sets of a handful of rounded corners (np.unique costs more than the mask).
    rounded = np.round(v, 6).tolist()
    xs, ys = sorted({p[0] for p in rounded}), sorted({p[1] for p in rounded})
    if len(xs) != 2 or len(ys) != 2:
        return None
    g = grow_px + (0.0 if fill_only else stroke / 2)
    x0, x1, y0, y1 = xs[0] - g, xs[1] + g, ys[0] - g, ys[1] + g
    if shape.clip is not None:
        cb = shape.clip
        x0, y0 = max(x0, cb[0] - grow_px), max(y0, cb[1] - grow_px)
        x1, y1 = min(x1, cb[2] + grow_px), min(y1, cb[3] + grow_px)
    # Pixel (col, row) covers display [c, c+1) x [H-row-1, H-row); its centre decides.
    cols = np.arange(c0, c0 + w) + 0.5
    rows = H - (np.arange(r0, r0 + h) + 0.5)
    inx = (cols >= x0) & (cols < x1)
    iny = (rows >= y0) & (rows < y1)
    return iny[:, None] & inx[None, :]


class Binder:
    """Checks a figure's scene against its ledger and the picture (module doc, step 3)."""

    def __init__(self, fig, ledger, rgba):
        self.fig, self.led = fig, ledger
        self.rgba = np.frombuffer(rgba, dtype=np.uint8).reshape(ledger.h, ledger.w, 4)
        self.dpi = fig.dpi
        self.problems = list(ledger.problems)
        self.unseen = []
        self.explained = set()
        self._subtrees = {}
        self._backgrounds = None
        self._kinds = {}  # label -> `_text_kind` (asked for every pair of texts)
        self._windows = {}  # label -> `_glyph_window`

    def subtree(self, n):
        s = self._subtrees.get(n)
        if s is None:
            s = self._subtrees[n] = self.led.subtree(n)
        return s

    # -- one element -------------------------------------------------------------------
    def check(self, artists, shape, what, text=False):
        """``None`` when the element shows as the scene reads it; else why not, as
        ``("unseen"|"ink", reason)``. ``artists``: the artists whose ink it is."""
        led = self.led
        labels = [led.label(a) for a in artists if a is not None]
        labels = [n for n in labels if n is not None]
        if not labels:
            return "unseen", "not drawn"
        own_labels = set()
        for n in labels:
            own_labels |= self.subtree(n)
        self.explained |= own_labels
        records = [led.own[m] for m in own_labels if m in led.own]
        ext = shape.extents() if shape is not None else None
        boxes = [(c, r, c + m.shape[1], r + m.shape[0]) for c, r, m in records]
        if ext is not None:
            x0, y0, x1, y1 = ext
            pad = TOL_PX + 4
            boxes.append((int(math.floor(x0 - pad)), led.h - int(math.ceil(y1 + pad)),
                          int(math.ceil(x1 + pad)), led.h - int(math.floor(y0 - pad))))
        if not records:
            return "unseen", "no ink on the canvas"
        c0 = max(0, min(b[0] for b in boxes))
        r0 = max(0, min(b[1] for b in boxes))
        c1 = min(led.w, max(b[2] for b in boxes))
        r1 = min(led.h, max(b[3] for b in boxes))
        if c1 <= c0 or r1 <= r0:
            return "unseen", "off the canvas"
        w, h = c1 - c0, r1 - r0
        own = np.zeros((h, w), bool)
        for rec in records:
            own |= _place(rec, c0, r0, w, h)
        total = int(own.sum())
        if total == 0:
            return "unseen", "no ink on the canvas"
        if shape is not None:
            grow = TOL_PX
            if text:
                size = max((a.get_fontsize() for a in artists if isinstance(a, mtext.Text)), default=10)
                grow = TOL_PX + TEXT_PAD_EM * size * self.dpi / 72.0
            near = _raster(shape, self.dpi, c0, r0, w, h, led.h, grow)
            stray = int((own & ~near).sum())
            if stray > max(STRAY_PX, STRAY_SHARE * total):
                return "ink", f"{what}: {stray} of its {total} px are drawn outside where the scene places it"
            if shape.filled:
                inner = _raster(shape, self.dpi, c0, r0, w, h, led.h, -1.0, fill_only=True)
                area = int(inner.sum())
                if area >= 20 and (own & inner).sum() < FILLED * area:
                    return "ink", f"{what}: inks {int((own & inner).sum())} of the {area} px of its shape"
        # What still shows: its own labels on top at the end. A text is seen by its
        # glyphs (its box and arrow are its ink, not what is read).
        seen = set(labels) if text else own_labels
        if seen != own_labels:
            own = np.zeros((h, w), bool)
            for m in seen:
                if m in led.own:
                    own |= _place(led.own[m], c0, r0, w, h)
            total = int(own.sum())
            if total == 0:
                return "unseen", "no ink on the canvas"
        fo = led.final_o[r0:r1, c0:c1]
        ft = led.final_t[r0:r1, c0:c1] if led.faint_used else None
        if len(seen) == 1:
            (only,) = seen
            shows = fo == only
            if led.faint_used:
                shows |= (ft == only) & (fo < only)
        else:
            lab = np.array(sorted(seen), dtype=np.uint32)
            shows = np.isin(fo, lab)
            if led.faint_used:
                shows |= np.isin(ft, lab) & (fo < ft)
        shows &= own
        if text:
            glyphs = sum(led.glyphs.get(m, 0) for m in labels)
            if glyphs and total < SHOWN * glyphs:
                return "unseen", "clipped away"
        # A thin line crossing an element (axis lines through a point at the origin)
        # hides a strip a pixel or two wide that a reader sees past: what shows counts
        # with one pixel of its own ink around it.
        need = (SHOWN_TEXT if text else SHOWN) * total
        if not text and np.count_nonzero(shows) < need:
            shows = shows | self._same_colour_under(shows, own, c0, r0, total)
        if not text and np.count_nonzero(shows) < need:
            shows = shows | self._seen_past_lines(shows, own, fo, total)
        if np.count_nonzero(shows) < need:  # else the grown count is enough as well
            near = shows.copy()
            near[1:, :] |= shows[:-1, :]
            near[:-1, :] |= shows[1:, :]
            near[:, 1:] |= shows[:, :-1]
            near[:, :-1] |= shows[:, 1:]
            if np.count_nonzero(near & own) < need:
                return "unseen", "covered by what is drawn after it"
        if not self._contrasts(shows, c0, r0) and not self._covers(shows, own_labels, c0, r0):
            return "unseen", "in the colour of what surrounds it"
        if text:
            return self._garbled(labels, own_labels)
        return None

    def _garbled(self, labels, own_labels):
        """``("unseen", why)`` when this text and another are written across each
        other, so that neither can be read (issue #24: a text must be legible, not only
        show). Judged between the texts a figure's values are read from (free texts and
        annotations, tick labels), not against titles, axis labels or legends, nor tick
        labels among themselves: each of the two shows GARBLED_PX glyph pixels inside the
        other's glyph box and GARBLED_TOUCH that touch or cross the other's glyphs, and
        for one of the two those inside are GARBLED_SHARE of what shows of it (a label
        written over the row of tick labels). A text whose opaque box hides the one below
        (nothing of it shows there) and texts that only come close are not garbled;
        rotated texts (no glyph box) and faint ones are not judged."""
        led = self.led
        for n in labels:
            kind = self._text_kind(n)
            box = self._glyph_window(n) if kind else None
            if box is None:
                continue
            for m in led.glyph_box:
                if m in own_labels or m == n:
                    continue
                other_kind = self._text_kind(m)
                if other_kind is None or kind == other_kind == "tick":
                    continue
                other = self._glyph_window(m)
                if other is None or min(box[2], other[2]) <= max(box[0], other[0]) or \
                        min(box[3], other[3]) <= max(box[1], other[1]):
                    continue
                mine, mine_all = self._showing_inside(n, other)
                theirs, theirs_all = self._showing_inside(m, box)
                if min(mine, theirs) < GARBLED_PX or \
                        (mine < GARBLED_SHARE * mine_all and theirs < GARBLED_SHARE * theirs_all):
                    continue
                if min(self._touching(n, m, box, other)) >= GARBLED_TOUCH:
                    other_text = getattr(led.artists[m], "get_text", lambda: "")()
                    return "unseen", f"written across another text ({other_text[:40]!r}): neither can be read"
        return None

    def _text_kind(self, n):
        """``"tick"`` for a tick label, ``"free"`` for a text or annotation of an axes or
        the figure (a pie's labels too), None for any other text (a title, an axis label,
        a legend's) or an artist that is not a text."""
        if n not in self._kinds:
            self._kinds[n] = self._find_text_kind(n)
        return self._kinds[n]

    def _find_text_kind(self, n):
        a = self.led.artists[n]
        if not isinstance(a, mtext.Text):
            return None
        if isinstance(self.led.artists[self.led.parent[n]], maxis.Tick):
            return "tick"
        ax = getattr(a, "axes", None)
        if ax is not None and a in ax.texts:
            return "free"
        fig = a.get_figure() if hasattr(a, "get_figure") else None
        return "free" if fig is not None and a in getattr(fig, "texts", []) else None

    def _glyph_window(self, n):
        """Text ``n``'s glyph box in buffer pixels ``(c0, r0, c1, r1)`` (rows from the
        top), or None when it has none or no ink."""
        if n not in self._windows:
            self._windows[n] = self._find_glyph_window(n)
        return self._windows[n]

    def _find_glyph_window(self, n):
        led = self.led
        box = led.glyph_box.get(n)
        if box is None or n not in led.own:
            return None
        c0, c1 = max(0, int(math.floor(box[0]))), min(led.w, int(math.ceil(box[2])))
        r0, r1 = max(0, led.h - int(math.ceil(box[3]))), min(led.h, led.h - int(math.floor(box[1])))
        return (c0, r0, c1, r1) if c1 > c0 and r1 > r0 else None

    def _glyphs_showing(self, n):
        """Text ``n``'s glyph pixels on top at the end, as an own-ink record."""
        oc, orow, mask = self.led.own[n]
        top = self.led.final_o[orow:orow + mask.shape[0], oc:oc + mask.shape[1]] == n
        return oc, orow, mask & top

    def _showing_inside(self, n, window):
        """How many of text ``n``'s glyph pixels show inside ``window`` (buffer pixels),
        and how many show in all."""
        shows = self._glyphs_showing(n)
        c0, r0, c1, r1 = window
        return int(_place(shows, c0, r0, c1 - c0, r1 - r0).sum()), int(shows[2].sum())

    def _touching(self, n, m, box, other):
        """How many showing glyph pixels of ``n`` touch (8-neighbours) or lie on one of
        ``m``'s, and of ``m`` one of ``n``'s, around the two glyph boxes."""
        c0, r0 = max(0, min(box[0], other[0]) - 1), max(0, min(box[1], other[1]) - 1)
        c1, r1 = max(box[2], other[2]) + 1, max(box[3], other[3]) + 1
        a = _place(self._glyphs_showing(n), c0, r0, c1 - c0, r1 - r0)
        b = _place(self._glyphs_showing(m), c0, r0, c1 - c0, r1 - r0)
        return int((a & _grown(b)).sum()), int((b & _grown(a)).sum())

    def _covers(self, shows, own_labels, c0, r0):
        """Whether what shows of an element hides ink other elements drew before it: a
        white patch over the top of a bar is seen by the bar it cuts short, whatever
        colour surrounds it."""
        led = self.led
        h, w = shows.shape
        need = max(COVERS_PX, COVERS_SHARE * int(shows.sum()))
        hidden = 0
        if self._backgrounds is None:
            self._backgrounds = {led.label(a.patch) for a in led.artists
                                 if isinstance(a, (FigureBase, Axes)) and getattr(a, "patch", None)}
        for m, (oc, orow, mask) in led.own.items():
            if m in own_labels or m in self._backgrounds or oc >= c0 + w or orow >= r0 + h \
                    or oc + mask.shape[1] <= c0 or orow + mask.shape[0] <= r0:
                continue
            hidden += int((_place((oc, orow, mask), c0, r0, w, h) & shows).sum())
            if hidden >= need:
                return True
        return False

    def _seen_past_lines(self, shows, own, fo, total):
        """Pixels of the element's own ink covered by thin lines drawn after it (a
        curve, an axis line, a grid line, each at most LINE_PAST_PX wide), which a
        reader sees past: a root dot on the x-axis with a thick curve and a grid line
        through it is still a dot (realsrc-k, round 14). Only for an element that
        shows around them (LINE_PAST_SEEN of its ink, at least SAME_COLOUR_PX); ink
        covered by anything else (a patch, a marker, a text) stays covered."""
        visible = int(np.count_nonzero(shows))
        if visible < max(SAME_COLOUR_PX, LINE_PAST_SEEN * total):
            return np.zeros_like(shows)
        covered = own & ~shows
        thin = []
        for m in np.unique(fo[covered]):
            a = self.led.artists[int(m)] if 0 < m < len(self.led.artists) else None
            if self._thin_line(a):
                thin.append(int(m))
        if not thin:
            return np.zeros_like(shows)
        return covered & np.isin(fo, np.array(thin, dtype=fo.dtype))

    def _thin_line(self, a):
        """Whether everything ``a`` inks is a line at most LINE_PAST_PX wide: a Line2D
        or Spine with no path effect (a stroke draws it wider) and no marker larger than
        that (a 16-pt white marker hides what is under it like any patch)."""
        if not isinstance(a, (mlines.Line2D, mspines.Spine)) or a.get_path_effects():
            return False
        px = self.dpi / 72.0
        if a.get_linewidth() * px > LINE_PAST_PX:
            return False
        if isinstance(a, mlines.Line2D) and a.get_marker() not in (None, "", " ", "None", "none"):
            size = max(a.get_markersize(), 0.0) + max(a.get_markeredgewidth(), 0.0)
            if size * px > LINE_PAST_PX:
                return False
        return True

    def _same_colour_under(self, shows, own, c0, r0, total):
        """Pixels of the element's own ink that something drawn after it covers in the
        element's own colour: a right-angle mark whose two sides lie on the black sides it
        marks still shows as a square (realsrc-h, round 11). Only for an element that
        clearly shows elsewhere (SAME_COLOUR_SEEN of its ink, at least SAME_COLOUR_PX),
        its colour the commonest of its visible pixels; anything covered in another colour
        (a white box over it) stays covered."""
        visible = int(np.count_nonzero(shows))
        if visible < max(SAME_COLOUR_PX, SAME_COLOUR_SEEN * total):
            return np.zeros_like(shows)
        h, w = shows.shape
        rgb = self.rgba[r0:r0 + h, c0:c0 + w, :3].astype(np.int16)
        seen = rgb[shows]
        packed = (seen[:, 0].astype(np.int32) << 16) | (seen[:, 1].astype(np.int32) << 8) | seen[:, 2]
        values, counts = np.unique(packed, return_counts=True)
        mode = int(values[np.argmax(counts)])
        colour = np.array([(mode >> 16) & 255, (mode >> 8) & 255, mode & 255], np.int16)
        covered = own & ~shows
        close = np.abs(rgb - colour).max(axis=2) <= CONTRAST
        return covered & close

    def _contrasts(self, shows, c0, r0):
        """Whether the element's visible pixels differ from what surrounds it: the
        commonest colour of a ring two to three pixels outside the box of what shows (a
        white text crossing a black line is still white on white), compared with its visible
        pixels (``_differ``); CONTRAST_SHARE of them must differ."""
        rows, cols = shows.any(axis=1), shows.any(axis=0)
        if not rows.any():
            return False
        H, W = self.rgba.shape[:2]
        y0, y1 = int(rows.argmax()) + r0, len(rows) - 1 - int(rows[::-1].argmax()) + r0
        x0, x1 = int(cols.argmax()) + c0, len(cols) - 1 - int(cols[::-1].argmax()) + c0
        a0, a1 = max(0, y0 - 3), min(H, y1 + 4)
        b0, b1 = max(0, x0 - 3), min(W, x1 + 4)
        ring = [self.rgba[a0:a1, b0:min(W, x0 - 1), :3], self.rgba[a0:a1, max(0, x1 + 2):b1, :3],
                self.rgba[a0:min(H, y0 - 1), max(0, x0 - 1):min(W, x1 + 2), :3],
                self.rgba[max(0, y1 + 2):a1, max(0, x0 - 1):min(W, x1 + 2), :3]]
        ring = [r.reshape(-1, 3) for r in ring if r.size]
        if not ring:  # fills the canvas: nothing around it to be lost in
            return True
        around = np.concatenate(ring)
        packed = (around[:, 0].astype(np.int32) << 16) | (around[:, 1].astype(np.int32) << 8) | around[:, 2]
        if (packed == packed[0]).all():  # one colour all round (the usual case): no sort
            mode = int(packed[0])
        else:
            values, counts = np.unique(packed, return_counts=True)
            mode = int(values[np.argmax(counts)])
        ground = np.array([(mode >> 16) & 255, (mode >> 8) & 255, mode & 255], np.int16)
        # Measured on all of it and on its inner band, two pixels deep: a thin line or a
        # glyph shows by all of it, a white bar with a black outline by its outline, a
        # donut's wedge with white edges by its fill. (All of it first: it decides most
        # elements, and the band costs two erosions.)
        return self._differ(shows, r0, c0, ground) or \
            self._differ(shows & ~_eroded(_eroded(shows)), r0, c0, ground) or \
            self._differ_across(shows, r0, c0, ground)

    def _differ_across(self, mask, r0, c0, ground):
        """Whether a thin stroke shows along CONTRAST_SHARE of its length: of its rows, or
        of its columns, those where at least one of its pixels differs from ``ground``.
        An antialiased line a pixel wide is a dark core between two pale columns, so a
        third of its pixels differ however clearly it shows, and a few covered by a dot
        drop it under the share (realsrc-v, round 26: an axis line through a labelled
        point read as the colour of its surroundings). Only for masks compared pixel by
        pixel (``CONTRAST_PIXELS``), and only along a stroke at most THIN_PX across, drawn
        straight along a row or a column: a text's glyphs are never that thin, and a white
        text crossing a black line, whose crossings blend to grey in every row, stays
        white on white."""
        n = int(np.count_nonzero(mask))
        if not n or n > CONTRAST_PIXELS:
            return False
        rows, cols = int(np.count_nonzero(mask.any(axis=1))), int(np.count_nonzero(mask.any(axis=0)))
        if min(rows, cols) > THIN_PX:
            return False
        h, w = mask.shape
        crop = self.rgba[r0:r0 + h, c0:c0 + w, :3]
        differ = np.zeros(mask.shape, bool)
        differ[mask] = np.abs(crop[mask].astype(np.int16) - ground).max(axis=1) >= CONTRAST
        along = 1 if rows > cols else 0  # a vertical stroke's rows, a horizontal one's columns
        length = max(rows, cols)
        return int(np.count_nonzero(differ.any(axis=along))) >= max(1, CONTRAST_SHARE * length)

    def _differ(self, mask, r0, c0, ground):
        """Whether CONTRAST_SHARE of the pixels of ``mask`` differ from ``ground``: all of
        them up to CONTRAST_PIXELS; of a larger mask, the pixels it holds among
        CONTRAST_SPREAD places of a two-dimensional low-discrepancy (R2) sequence over its window, or,
        where it holds too few of them (a long thin line), as many of its own pixels at
        the places of a golden-ratio sequence over them. Both are spread evenly over every
        period. Not every k-th pixel: an even stride aliases with a line's width, and of a
        vertical line two pixels wide with an antialiased column on each side it picked
        only the pale right-hand column, so a black side of a square read as white on
        white (realsrc-r, round 22)."""
        n = int(np.count_nonzero(mask))
        if not n:
            return False
        h, w = mask.shape
        crop = self.rgba[r0:r0 + h, c0:c0 + w, :3]
        if n <= CONTRAST_PIXELS:
            here = crop[mask]
        else:
            ys = (_R2_Y * h).astype(np.intp)
            xs = (_R2_X * w).astype(np.intp)
            hit = mask[ys, xs]
            if np.count_nonzero(hit) >= CONTRAST_SPREAD // 4:
                here = crop[ys[hit], xs[hit]]
            else:
                flat = np.flatnonzero(mask)
                ys, xs = np.divmod(flat[(_GOLDEN_SEQ * n).astype(np.intp)], w)
                here = crop[ys, xs]
        differ = np.abs(here.astype(np.int16) - ground).max(axis=1) >= CONTRAST
        return int(differ.sum()) >= max(1, CONTRAST_SHARE * len(here))

    # -- what no element explains ------------------------------------------------------
    def unexplained(self, axes_list):
        led = self.led
        allowed = set()
        for n in range(1, len(led.artists)):
            a = led.artists[n]
            if isinstance(a, (FigureBase, Axes)):
                allowed.add(n)  # their own backgrounds (the patch is drawn inside them)
                patch = getattr(a, "patch", None)
                m = led.label(patch) if patch is not None else None
                if m is not None:
                    allowed.add(m)
            elif isinstance(a, Legend):
                allowed |= self.subtree(n)
            elif isinstance(a, mtext.Text) and isinstance(led.artists[led.parent[n]], maxis.Tick):
                allowed.add(n)  # a tick label: read as one, wherever the axis puts it
        for ax in axes_list:
            curved = _curved(ax)
            inside = self._interior(ax)
            if inside is None:
                continue
            # Another axes drawn over this one (an inset, a twin) is held to its own
            # interior in its own turn.
            others = set()
            for other in axes_list:
                m = led.label(other)
                if other is not ax and m is not None:
                    others |= self.subtree(m)
            c0, r0, mask = inside
            h, w = mask.shape
            for final in ((led.final_o, led.final_t) if led.faint_used else (led.final_o,)):
                lab = final[r0:r0 + h, c0:c0 + w][mask]
                counts = np.bincount(lab.astype(np.int64), minlength=1)
                for n in np.nonzero(counts)[0]:
                    n = int(n)
                    if n == 0 or n in self.explained or n in allowed or n in others:
                        continue
                    px = int(counts[n])
                    a = led.artists[n] if n < len(led.artists) else None
                    if curved and isinstance(a, (mspines.Spine, Line2D)) and not self._in_axes(a):
                        continue  # a curved frame and its grid: no straight band to hold them to
                    if a is None:
                        if px > UNEXPLAINED_PX:
                            self.problems.append(f"{px} px inside axes {axes_list.index(ax)} "
                                                 "carry no artist's label")
                        continue
                    if self._grid_line(a, px, ax):
                        continue
                    if px > UNEXPLAINED_PX:
                        self.problems.append(
                            f"{_describe(a)} paints {px} px inside axes {axes_list.index(ax)} "
                            "that no element of the scene explains")

    @staticmethod
    def _in_axes(a):
        """Whether a line is one of its axes' own lines (not an axis's or a spine's)."""
        ax = getattr(a, "axes", None)
        return ax is not None and a in ax.lines

    def _grid_line(self, a, px, ax):
        """A tick's own lines inking no more than a generous grid line or tick mark
        would (a tick drawn on a spine moved into the data lies inside the axes)."""
        if not isinstance(a, Line2D):
            return False
        tick = self.led.artists[self.led.parent[self.led.label(a)]]
        if not isinstance(tick, maxis.Tick):
            return False
        if a is tick.gridline:
            return px <= max(ax.bbox.width, ax.bbox.height) * GRID_PX
        return px <= TICK_MARK_PX

    def _interior(self, ax):
        """The axes' drawing area less the frame band, as a mask in a crop."""
        led = self.led
        try:
            bb = ax.bbox
        except Exception:  # noqa: BLE001
            return None
        c0, c1 = max(0, int(math.floor(bb.x0))), min(led.w, int(math.ceil(bb.x1)))
        r0, r1 = max(0, led.h - int(math.ceil(bb.y1))), min(led.h, led.h - int(math.floor(bb.y0)))
        if c1 - c0 <= 2 * FRAME_BAND_PX or r1 - r0 <= 2 * FRAME_BAND_PX:
            return None
        try:
            path = ax.patch.get_path()
            tr = ax.patch.get_transform()
            disp = tr.transform_path(path)
        except Exception:  # noqa: BLE001
            disp = Path.unit_rectangle().transformed(ax.transAxes)
        shape = Shape().path(disp, True, 0.0)
        mask = _raster(shape, self.dpi, c0, r0, c1 - c0, r1 - r0, led.h, -FRAME_BAND_PX, fill_only=True)
        return c0, r0, mask


def _describe(a):
    name = type(a).__name__
    if isinstance(a, mspines.Spine):
        return f"the {getattr(a, 'spine_type', '')} spine"
    if isinstance(a, Line2D):
        parent = getattr(a, "axes", None)
        return f"a {name}{' of an axis' if parent is not None and a not in parent.lines else ''}"
    if isinstance(a, mtext.Text):
        return f"the text {a.get_text()[:40]!r}"
    return f"a {name}"


# ----------------------------------------------------------------------------------------
# Shapes of scene elements, from the scene's own numbers
# ----------------------------------------------------------------------------------------

def _px(points, dpi):
    return float(points or 0) * dpi / 72.0


def _clip_box(artist):
    if not artist.get_clip_on():
        return None
    cb = artist.get_clip_box()
    if cb is None:
        return None
    return (cb.x0, cb.y0, cb.x1, cb.y1)


def _curved(ax):
    """A projection that bends straight data into curves (polar, geographic): the shape
    of an element there is its own path, the scene's numbers give no polygon."""
    try:
        return not ax.transData.is_affine
    except Exception:  # noqa: BLE001
        return True


def _own_shape(artist, fill, stroke_px):
    disp = artist.get_transform().transform_path(artist.get_path())
    return Shape(_clip_box(artist)).path(disp, fill, stroke_px)


def bar_shape(ax, rect, e, dpi):
    face = rect.get_fill() and rect.get_facecolor()[3] > 0
    if _curved(ax):
        return _own_shape(rect, bool(face), _px(e.get("edgewidth") or 0, dpi))
    x, wd, hg, bt = e["x"], e["width"], e["height"], e["bottom"]
    if None in (x, wd, hg, bt):
        return None
    if e["orientation"] == "horizontal":
        corners = [[bt, x - wd / 2], [bt + hg, x - wd / 2], [bt + hg, x + wd / 2], [bt, x + wd / 2]]
    else:
        corners = [[x - wd / 2, bt], [x + wd / 2, bt], [x + wd / 2, bt + hg], [x - wd / 2, bt + hg]]
    path = ax.transData.transform_path(Path(np.vstack([corners, corners[:1]]), closed=True))
    return Shape(_clip_box(rect)).path(path, bool(face), _px(e.get("edgewidth") or 0, dpi))


def wedge_shape(ax, w, e, dpi):
    if None in (e["theta1"], e["theta2"], e["radius"]) or e["center"] is None or None in e["center"]:
        return None
    width = e.get("width")
    model = mpatches.Wedge(tuple(e["center"]), e["radius"], e["theta1"], e["theta2"],
                           width=None if width is None or (isinstance(width, float) and math.isnan(width)) else width)
    disp = ax.transData.transform_path(model.get_path())
    face = w.get_fill() and w.get_facecolor()[3] > 0
    edge = _px(w.get_linewidth(), dpi) if w.get_edgecolor()[3] > 0 else 0
    return Shape(_clip_box(w)).path(disp, bool(face), edge)


def patch_shape(ax, p, e, dpi):
    kind = e["kind"]
    face = p.get_fill() and p.get_facecolor()[3] > 0
    edge = _px(p.get_linewidth(), dpi) if p.get_edgecolor()[3] > 0 else 0
    if kind == "polygon" and e["vertices"]:
        v = np.asarray(e["vertices"], float)
        tr = ax.transData if p.get_data_transform() == ax.transData else None
        if tr is None:
            disp = p.get_transform().transform_path(p.get_path())
        else:
            disp = Path(np.vstack([tr.transform(v), tr.transform(v[:1])]), closed=p.get_closed()
                        if hasattr(p, "get_closed") else True)
            if hasattr(p, "get_closed") and not p.get_closed():
                disp = Path(tr.transform(v))
        return Shape(_clip_box(p)).path(disp, bool(face), edge)
    if kind == "circle" and e["center"] is not None and e["radius"] is not None:
        model = Path.circle(tuple(e["center"]), e["radius"])
        disp = (p.get_data_transform()).transform_path(model)
        return Shape(_clip_box(p)).path(disp, bool(face), edge)
    # Shapes the scene reads loosely (ellipses, arcs, arrows, others): their own path.
    disp = p.get_transform().transform_path(p.get_path())
    return Shape(_clip_box(p)).path(disp, bool(face) and kind != "arc", edge)


def line_shape(ax, ln, dpi):
    if _curved(ax):
        marker = ln.get_marker() not in (None, "", " ", "None", "none")
        shape = _own_shape(ln, False, _px(ln.get_linewidth(), dpi))
        if marker:
            shape.points(ln.get_transform().transform(ln.get_xydata()),
                         _px(ln.get_markersize(), dpi) * 1.5 + _px(ln.get_markeredgewidth(), dpi))
        return shape
    xy = np.asarray(ln.get_xydata(), float).reshape(-1, 2)
    try:
        steps = cbook.STEP_LOOKUP_MAP[ln.get_drawstyle()]
        if ln.get_drawstyle() != "default":
            xs, ys = steps(xy[:, 0], xy[:, 1])
            xy = np.column_stack([xs, ys])
    except Exception:  # noqa: BLE001
        pass
    disp = ln.get_transform().transform(xy)
    disp_path = Path(disp)
    shape = Shape(_clip_box(ln))
    ls = ln.get_linestyle()
    if ls not in ("None", "none", " ", "") and (ln.get_linewidth() or 0) > 0:
        shape.path(disp_path, False, _px(ln.get_linewidth(), dpi))
    marker = ln.get_marker()
    if marker not in (None, "", " ", "None", "none") and (ln.get_markersize() or 0) > 0:
        # Every marker fits in the circle of its size (plus its edge).
        shape.points(disp, _px(ln.get_markersize(), dpi) * 1.5 + _px(ln.get_markeredgewidth(), dpi))
    return shape


def reference_shape(ax, artist, e, dpi):
    if isinstance(artist, mspines.Spine):
        disp = artist.get_transform().transform_path(artist.get_path())
        return Shape().path(disp, False, _px(artist.get_linewidth(), dpi))
    return line_shape(ax, artist, dpi)


def text_shape(t, renderer, ledger=None):
    """A text's box: where its glyphs were placed by the draw (the same layout the
    scene reads its position from), or its window extent when it was drawn as paths
    or rotated; an annotation's arrow runs from it to the annotated point."""
    n = ledger.label(t) if ledger is not None else None
    box = ledger.glyph_box.get(n) if n is not None else None
    if box is not None and not isinstance(t, mtext.Annotation):
        bb = Bbox.from_extents(*box)
    else:
        try:
            bb = t.get_window_extent(renderer)
        except Exception:  # noqa: BLE001
            return None
    shape = Shape().path(Path([[bb.x0, bb.y0], [bb.x1, bb.y0], [bb.x1, bb.y1], [bb.x0, bb.y1],
                               [bb.x0, bb.y0]], closed=True), True, 0.0)
    shape.filled = False  # glyphs do not fill their box
    if isinstance(t, mtext.Annotation) and t.arrow_patch is not None:
        try:
            xy = mtext._AnnotationBase._get_xy_display(t)
            centre = ((bb.x0 + bb.x1) / 2, (bb.y0 + bb.y1) / 2)
            shape.path(Path([centre, xy]), False, 8.0)
            shape.filled = False
        except Exception:  # noqa: BLE001
            pass
    return shape


# ----------------------------------------------------------------------------------------
# The scene, bound
# ----------------------------------------------------------------------------------------

def _what(kind, e):
    for key in ("category", "label", "text", "series"):
        v = e.get(key)
        if v:
            return f"{kind} {str(v)[:40]!r}"
    return kind


def bind(fig, figure_entry, ledger, rgba, renderer):
    """Check every element of ``figure_entry`` (a scene figure still holding its
    artists under ``_`` keys) against the ink; remove what does not show, record ink
    problems, and drop the private keys. Returns the figure entry."""
    b = Binder(fig, ledger, rgba)
    dpi = fig.dpi

    def keep(items, kind, shape_of, text=False):
        out = []
        groups = {}
        for e in items:
            a = e.get("_artist")
            groups.setdefault(id(a), []).append(e)
        verdicts = {}
        for key, es in groups.items():
            a = es[0].get("_artist")
            try:
                shape = shape_of(a, es)
            except Exception:  # noqa: BLE001 — no shape to compare: its ink must still show
                shape = None
            verdicts[key] = b.check([a] + es[0].get("_extra", []), shape, _what(kind, es[0]), text=text)
        for e in items:
            res = verdicts[id(e.get("_artist"))]
            if res is None:
                out.append(e)
            elif res[0] == "unseen":
                b.unseen.append({"what": _what(kind, e), "why": res[1]})
            else:
                b.problems.append(res[1])
        return out

    def text_ok(t, kind):
        if t is None or not t.get_text():
            return True
        res = b.check([t], text_shape(t, renderer, ledger), f"{kind} {t.get_text()[:40]!r}", text=True)
        if res is None:
            return True
        if kind in ("title", "x label", "y label") and res[1] in ("no ink on the canvas", "clipped away") \
                and _past_the_edge(t, renderer, ledger):
            # A title or axis label pushed past the figure's edge by the layout (a long
            # tick label, a big pad): drawn, cut by the canvas, kept as the title is
            # (docs/security.md, "Not promised").
            return True
        if res[0] == "unseen":
            b.unseen.append({"what": f"{kind} {t.get_text()[:40]!r}", "why": res[1]})
        else:
            b.problems.append(res[1])
        return False

    axes_list = []
    # `keep` calls its shape function at once, within the iteration, so the lambdas below
    # see this iteration's `ax` (B023 is about closures called later).
    for ax_e in figure_entry["axes"]:
        ax = ax_e.pop("_ax")
        axes_list.append(ax)
        ax_e["bars"] = keep(ax_e["bars"], "bar", lambda a, es: bar_shape(ax, a, es[0], dpi))  # noqa: B023
        ax_e["wedges"] = keep(ax_e["wedges"], "wedge", lambda a, es: wedge_shape(ax, a, es[0], dpi))  # noqa: B023
        for e in ax_e["wedges"]:
            if not text_ok(e.get("_label_artist"), "wedge label"):
                e["label"] = None
        ax_e["lines"] = keep(ax_e["lines"], "line", lambda a, es: _lines_shape(ax, a, es, dpi))  # noqa: B023
        ax_e["references"] = keep(ax_e["references"], "reference line",
                                  lambda a, es: reference_shape(ax, a, es[0], dpi))  # noqa: B023
        ax_e["patches"] = keep(ax_e["patches"], "patch", lambda a, es: _patches_shape(ax, a, es, dpi))  # noqa: B023
        ax_e["scatters"] = keep(ax_e["scatters"], "scatter", lambda a, es: _scatter_shape(a, dpi))
        ax_e["texts"] = keep(ax_e["texts"], "text", lambda a, es: text_shape(a, renderer, ledger), text=True)
        ax_e["images"] = keep(ax_e["images"], "image", lambda a, es: None)
        for u in ax_e["unknown"]:
            n = ledger.label(u.pop("_artist", None))
            if n is not None:
                b.explained |= b.subtree(n)
        if not text_ok(ax_e.pop("_title"), "title"):
            ax_e["title"] = ""
        if not text_ok(ax_e.pop("_xlabel"), "x label"):
            ax_e["xlabel"] = ""
        if not text_ok(ax_e.pop("_ylabel"), "y label"):
            ax_e["ylabel"] = ""
        hidden = set()
        for axis in ("x", "y"):
            arts = ax_e.pop(f"_{axis}ticklabels")
            if arts is not None:
                # An unreadable label leaves its place empty: the labels stay parallel
                # to the tick locations.
                kept = []
                for s, t in zip(ax_e[f"{axis}ticklabels"], arts):
                    if t is None or not s or text_ok(t, f"{axis} tick label"):
                        kept.append(s)
                    else:
                        hidden.add(s)
                        kept.append("")
                ax_e[f"{axis}ticklabels"] = kept
        # A bar is named by the tick label under it: by none when that label does not show.
        shown = (set(ax_e["xticklabels"]) | set(ax_e["yticklabels"])) - {""}
        for e in ax_e["bars"]:
            if e.get("category") in hidden and e["category"] not in shown:
                e["category"] = None
        legend = ax_e.pop("_legend")
        if legend is not None:
            texts = legend.get_texts()
            if len(texts) == len(ax_e["legend"]):
                ax_e["legend"] = [s for s, t in zip(ax_e["legend"], texts) if text_ok(t, "legend entry")]
            if ax_e["legend_title"] and not text_ok(legend.get_title(), "legend title"):
                ax_e["legend_title"] = None
        for e in (ax_e["bars"] + ax_e["wedges"] + ax_e["lines"] + ax_e["references"] + ax_e["patches"]
                  + ax_e["scatters"] + ax_e["texts"] + ax_e["images"]):
            for k in [k for k in e if k.startswith("_")]:
                del e[k]
        b.problems.extend(ax_e.pop("_capped", []))
    figure_entry["texts"] = keep(figure_entry["texts"], "figure text",
                                 lambda a, es: text_shape(a, renderer, ledger), text=True)
    for e in figure_entry["texts"]:
        e.pop("_artist", None)
    sup = figure_entry.pop("_suptitle", None)
    if figure_entry.get("suptitle") and not text_ok(sup, "suptitle"):
        figure_entry["suptitle"] = None
    for u in figure_entry["unknown"]:
        n = ledger.label(u.pop("_artist", None))
        if n is not None:
            b.explained |= b.subtree(n)
    b.problems.extend(figure_entry.pop("_capped", []))
    b.unexplained(axes_list)
    figure_entry["unseen"] = b.unseen
    figure_entry["ink"] = b.problems
    return figure_entry


def _past_the_edge(t, renderer, ledger):
    """Whether a visible, unclipped text's box runs past the canvas."""
    clipped = t.get_clip_on() and (t.get_clip_box() is not None or t.get_clip_path() is not None)
    if not t.get_visible() or clipped:
        return False
    try:
        bb = t.get_window_extent(renderer)
    except Exception:  # noqa: BLE001
        return False
    return bb.x0 < 0 or bb.y0 < 0 or bb.x1 > ledger.w or bb.y1 > ledger.h


def _lines_shape(ax, a, es, dpi):
    if isinstance(a, Line2D):
        return line_shape(ax, a, dpi)
    # A LineCollection: its segments, as drawn through its transform.
    shape = Shape(_clip_box(a))
    lw = max([_px(v, dpi) for v in a.get_linewidths()] or [1.0])
    tr = a.get_transform()
    for path in a.get_paths():  # its segments, bent as a curved projection bends them
        if len(path.vertices):
            shape.path(tr.transform_path(path), False, lw)
    return shape


def _patches_shape(ax, a, es, dpi):
    if isinstance(a, mpatches.Patch):
        return patch_shape(ax, a, es[0], dpi)
    shape = Shape(_clip_box(a))
    tr = a.get_transform()
    lw = max([_px(v, dpi) for v in a.get_linewidths()] or [0.0])
    for path in a.get_paths():
        shape.path(tr.transform_path(path), True, lw)
    return shape


def _scatter_shape(c, dpi):
    offsets = np.ma.filled(np.ma.asarray(c.get_offsets(), dtype=float), np.nan)
    disp = c.get_offset_transform().transform(offsets)
    sizes = c.get_sizes()
    d = math.sqrt(float(np.max(sizes))) if len(sizes) else 6.0
    # Every marker fits in the circle of its size; a custom marker path may be larger.
    try:
        ext = max(1.0, float(np.abs(c.get_paths()[0].vertices).max()))
    except Exception:  # noqa: BLE001
        ext = 1.0
    lw = max([_px(v, dpi) for v in c.get_linewidths()] or [0.0])
    return Shape(_clip_box(c)).points(disp, _px(d, dpi) * 1.5 * ext + lw)
