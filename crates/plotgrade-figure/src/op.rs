//! One edit operation ([`EditOp`]): what [`diff`](super::diff) finds between two scenes,
//! what a result records and what [`view`](super::view) writes for people. Its own file so
//! the two can share it without reaching into each other.

use serde::{Deserialize, Serialize};

use super::element::{Element, ElementKind, Value};

/// One difference between two scenes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum EditOp {
    /// An element of the first scene that the second does not draw.
    Removed { element: Element },
    /// An element of the second scene that the first does not draw.
    Added { element: Element },
    /// One attribute of an element both scenes draw. `None` where the attribute is absent
    /// (a wedge that gained a percentage label).
    Changed {
        kind: ElementKind,
        figure: usize,
        axes: Option<usize>,
        /// Id of the element in the first scene's inventory (what the op is about).
        target: usize,
        /// Id of its partner in the second scene's inventory.
        partner: usize,
        key: Option<String>,
        /// How a person names the element (`bar 'Q3'`), for display only.
        name: String,
        attr: String,
        old: Option<Value>,
        new: Option<Value>,
        /// A measured summary where old → new would not say it (`max distance 1.2 on [-5, 5]`).
        detail: Option<String>,
    },
}

/// Curves in a recorded operation keep at most this many points. The channel compares
/// the curves as read (up to [`MAX_CURVE_POINTS`](super::element::MAX_CURVE_POINTS));
/// a record is for a person and for rendering the op, which 50 points of a curve serve
/// as well as 1000. Whole, a function task's curves were 40% of `results.jsonl`
/// (issue #15).
pub const RECORD_CURVE_POINTS: usize = 50;

impl EditOp {
    /// The operation as a result records it: every curve thinned to
    /// [`RECORD_CURVE_POINTS`] (evenly by index, ends and gaps kept).
    pub fn for_record(&self) -> EditOp {
        let thin = |v: &mut Value| {
            if let Value::Curve(c) = v {
                *c = super::element::Curve {
                    view: c.view.clone(),
                    ..super::shapes::thin_to(&c.x, &c.y, RECORD_CURVE_POINTS)
                };
            }
        };
        let mut op = self.clone();
        match &mut op {
            EditOp::Removed { element } | EditOp::Added { element } => {
                element.attrs.values_mut().for_each(thin);
            }
            EditOp::Changed { old, new, .. } => {
                old.iter_mut().chain(new.iter_mut()).for_each(thin);
            }
        }
        op
    }

    pub fn kind(&self) -> ElementKind {
        match self {
            EditOp::Removed { element } | EditOp::Added { element } => element.kind,
            EditOp::Changed { kind, .. } => *kind,
        }
    }
}
