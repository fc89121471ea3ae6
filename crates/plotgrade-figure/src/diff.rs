//! Scene diffs: the edit operations that turn one scene into another.
//!
//! Elements are paired first ([`pair`](super::pair)); an element of the first scene with no
//! partner was **removed**, one of the second with no partner was **added**, and a pair
//! gives one **changed** op per attribute that differs beyond tolerance. Limits and ticks
//! are not elements, so an edit that makes a bar taller does not also "change" the y axis.

use super::brief::Brief;
use super::element::{Ctx, Element, ElementKind, Family, Role, Value, role, same_place};
use super::inventory::Inventory;
use super::pairing::pair_elements;
use super::tolerance::{Frame, Tolerances};
use super::view::{name, num};

pub use super::op::{EditOp, RECORD_CURVE_POINTS};

/// The edit operations that turn inventory `a` into inventory `b`, measured in `a`'s frames:
/// removals and changes in `a`'s element order, then additions in `b`'s.
pub fn diff_inventories(a: &Inventory, b: &Inventory, tol: &Tolerances) -> Vec<EditOp> {
    let frame = |figure: usize, axes: Option<usize>| a.frame(figure, axes).unwrap_or(Frame::UNIT);
    diff_framed(a, b, &frame, &Brief::default(), tol)
}

/// [`diff_inventories`] with each axes measured in `frame(figure, axes)`. Attributes only
/// read for people are not diffed, nor axis limits unless `brief` says the task fixes
/// them (limits follow the data: a taller bar is not also a changed axis).
pub fn diff_framed(
    a: &Inventory,
    b: &Inventory,
    frame: &dyn Fn(usize, Option<usize>) -> Frame,
    brief: &Brief,
    tol: &Tolerances,
) -> Vec<EditOp> {
    let frame_of = |e: &Element| frame(e.figure, e.axes);
    let pairs: Vec<(usize, usize)> = pair_elements(&a.elements, &b.elements, &frame_of, tol)
        .into_iter()
        .map(|(i, j)| (a.elements[i].id, b.elements[j].id))
        .collect();
    let mut partner = vec![None; a.elements.len()];
    let mut paired_b = vec![false; b.elements.len()];
    for &(i, j) in &pairs {
        partner[i] = Some(j);
        paired_b[j] = true;
    }
    let mut ops = Vec::new();
    for x in &a.elements {
        let Some(j) = partner[x.id] else {
            ops.push(EditOp::Removed { element: x.clone() });
            continue;
        };
        let y = b.get(j);
        let frame = frame(x.figure, x.axes);
        let cx = Ctx { tol, frame: &frame };
        let mut attrs: Vec<&String> = x.attrs.keys().chain(y.attrs.keys()).collect();
        attrs.sort();
        attrs.dedup();
        for attr in attrs {
            let (old, new) = (x.attrs.get(attr), y.attrs.get(attr));
            match role(x.kind, attr) {
                Role::Info => continue,
                Role::Style(f @ (Family::XLimits | Family::YLimits)) if !brief.fixes(x.kind, f) => {
                    continue;
                }
                _ => {}
            }
            if x.kind == ElementKind::Text && attr == "position" {
                if same_place(x, y, cx) {
                    continue;
                }
            } else if attr == "anchor" || matches!((old, new), (Some(p), Some(q)) if p.same(q, cx))
            {
                // (A text's anchor is part of its place, compared with it.)
                continue;
            }
            ops.push(EditOp::Changed {
                kind: x.kind,
                figure: x.figure,
                axes: x.axes,
                target: x.id,
                partner: y.id,
                key: x.key.clone(),
                name: name(x),
                attr: attr.clone(),
                old: old.cloned(),
                new: new.cloned(),
                detail: detail(old, new, &frame, tol),
            });
        }
    }
    ops.extend(
        b.elements
            .iter()
            .filter(|y| !paired_b[y.id])
            .map(|y| EditOp::Added { element: y.clone() }),
    );
    ops
}

/// What changed about a curve, in the axis' units.
fn detail(
    old: Option<&Value>,
    new: Option<&Value>,
    frame: &Frame,
    tol: &Tolerances,
) -> Option<String> {
    let (Some(Value::Curve(p)), Some(Value::Curve(q))) = (old, new) else {
        return None;
    };
    let d = p.apart(q, frame, tol.curve_samples);
    if !d.function {
        return Some(format!("moved by up to {} of the axes", num(d.max_unit)));
    }
    let ends = |c: &super::element::Curve| {
        let xs =
            c.x.iter()
                .zip(&c.y)
                .filter(|(x, y)| x.is_finite() && y.is_finite())
                .map(|(x, _)| *x);
        let lo = xs.clone().fold(f64::INFINITY, f64::min);
        let hi = xs.fold(f64::NEG_INFINITY, f64::max);
        format!("[{}, {}]", num(lo), num(hi))
    };
    let mut parts = Vec::new();
    if d.domain_gap > tol.domain {
        parts.push(format!("domain {} → {}", ends(p), ends(q)));
    }
    if d.max_unit > tol.curve || parts.is_empty() {
        parts.push(format!(
            "max distance {} on [{}, {}]",
            num(d.max_unit * frame.y_span()),
            num(d.shared[0]),
            num(d.shared[1])
        ));
    }
    if d.gap_share > tol.gaps {
        parts.push(format!(
            "drawn on different parts of {:.0}% of it",
            d.gap_share * 100.0
        ));
    }
    Some(parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::element::Curve;

    fn curve(n: usize) -> Value {
        let x: Vec<f64> = (0..n).map(|i| i as f64 / 10.0).collect();
        let mut y: Vec<f64> = x.iter().map(|x| x * x).collect();
        y[n / 3] = f64::NAN;
        Value::Curve(Curve { x, y, view: None })
    }

    fn points(v: &Option<Value>) -> (usize, f64, f64, bool) {
        match v {
            Some(Value::Curve(c)) => (
                c.x.len(),
                c.x[0],
                *c.x.last().unwrap(),
                c.y.iter().any(|y| y.is_nan()),
            ),
            other => panic!("not a curve: {other:?}"),
        }
    }

    #[test]
    fn a_recorded_op_keeps_a_curve_thin_with_its_ends_and_gaps_and_reads_back() {
        let op = EditOp::Changed {
            kind: ElementKind::Line,
            figure: 1,
            axes: Some(0),
            target: 0,
            partner: 0,
            key: None,
            name: "line #0".into(),
            attr: "curve".into(),
            old: Some(curve(1000)),
            new: Some(curve(30)),
            detail: None,
        };
        let recorded = op.for_record();
        let EditOp::Changed { old, new, .. } = &recorded else {
            panic!("{recorded:?}")
        };
        let (n, first, last, gap) = points(old);
        assert!(n <= RECORD_CURVE_POINTS + 1, "{n} points");
        assert_eq!((first, last, gap), (0.0, 99.9, true));
        assert_eq!(points(new).0, 30, "a short curve stays whole");
        // It reads back as an op (NaN is not equal to itself: compare the JSON).
        let json = serde_json::to_string(&recorded).unwrap();
        let back: EditOp = serde_json::from_str(&json).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
    }
}
