//! The matplotlib objects a script holds in its variables, as the reader carries them
//! ([`plotgrade_pyreader::Object`]): figures and axes by their index on the [`Canvas`],
//! patches built but not yet added, the bar containers `bar` returns and the bars a loop
//! walks (with the getters scripts call on them).
//!
//! [`Canvas`]: super::canvas::Canvas

use std::any::Any;
use std::rc::Rc;

use plotgrade_pyreader::{Object, Val};

use super::elements::Element;

/// Geometry of one bar as matplotlib stores it (`Rectangle` xy, width, height).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct BarGeom {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    /// `barh`: the bar's value is its width.
    pub horizontal: bool,
    /// The values were all ints (numpy keeps the dtype: `get_height()` gives `45`).
    pub value_is_int: bool,
}

impl BarGeom {
    /// A bar from `lo` for `thickness` along its category axis and from `start` for
    /// `value` along its value axis.
    pub fn new(
        horizontal: bool,
        lo: f64,
        thickness: f64,
        start: f64,
        value: f64,
        value_is_int: bool,
    ) -> BarGeom {
        let (x, y, width, height) = if horizontal {
            (start, lo, value, thickness)
        } else {
            (lo, start, thickness, value)
        };
        BarGeom {
            x,
            y,
            width,
            height,
            horizontal,
            value_is_int,
        }
    }
}

#[derive(Debug)]
pub(crate) enum MplObject {
    Figure(usize),
    Axes(usize),
    /// A patch built but not yet added to an axes (`Circle(...)` before `add_patch`).
    Patch(Element),
    /// What `bar`/`barh` returned.
    Bars(Vec<BarGeom>),
    /// One bar of a container, while a loop walks it.
    Rect(BarGeom),
    /// A handle of something drawn that needs no tracking (a `Line2D`, a `Text`).
    Artist,
}

impl MplObject {
    /// The object as a value of the reader.
    pub fn val(self) -> Val {
        Val::Object(Rc::new(self))
    }

    /// The matplotlib object a value holds, if it holds one.
    pub fn of(v: &Val) -> Option<&MplObject> {
        match v {
            Val::Object(o) => {
                let any: &dyn Any = &**o;
                any.downcast_ref()
            }
            _ => None,
        }
    }

    /// A getter of a bar (`bar.get_height()`), while a loop walks a bar container.
    pub fn bar_getter(g: &BarGeom, name: &str) -> Option<Val> {
        // matplotlib keeps the dtype of the heights: int heights read back as ints.
        let value = if g.horizontal { g.width } else { g.height };
        let num = |x: f64| {
            if x.fract() == 0.0 && x == value && g.value_is_int {
                Val::Int(x as i64)
            } else {
                Val::Float(x)
            }
        };
        match name {
            "get_height" => Some(num(g.height)),
            "get_width" => Some(num(g.width)),
            "get_x" => Some(Val::Float(g.x)),
            "get_y" => Some(if g.horizontal {
                Val::Float(g.y)
            } else {
                num(g.y)
            }),
            "get_xy" => Some(Val::Tuple(vec![Val::Float(g.x), Val::Float(g.y)])),
            "get_center" => Some(Val::Tuple(vec![
                Val::Float(g.x + g.width / 2.0),
                Val::Float(g.y + g.height / 2.0),
            ])),
            _ => None,
        }
    }
}

/// What drawing calls return when the reader tracks nothing of the result.
pub(crate) fn artist() -> Val {
    MplObject::Artist.val()
}

impl Object for MplObject {
    fn py_len(&self) -> Option<usize> {
        match self {
            MplObject::Bars(bars) => Some(bars.len()),
            _ => None,
        }
    }

    fn item(&self, i: usize) -> Option<Val> {
        match self {
            MplObject::Bars(bars) => bars.get(i).map(|g| MplObject::Rect(*g).val()),
            _ => None,
        }
    }

    fn same(&self, other: &dyn Object) -> bool {
        let other: &dyn Any = other;
        match (self, other.downcast_ref::<MplObject>()) {
            (MplObject::Axes(x), Some(MplObject::Axes(y)))
            | (MplObject::Figure(x), Some(MplObject::Figure(y))) => x == y,
            _ => false,
        }
    }

    fn text(&self) -> String {
        match self {
            MplObject::Figure(_) => "<figure>".into(),
            MplObject::Axes(i) => format!("<axes {i}>"),
            MplObject::Patch(e) => format!("<{}>", e.kind),
            MplObject::Bars(_) | MplObject::Rect(_) | MplObject::Artist => "<artist>".into(),
        }
    }
}
