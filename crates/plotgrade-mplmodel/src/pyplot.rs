//! matplotlib as the reader's [`Library`]: pyplot functions, Axes and Figure methods,
//! patch constructors and the image readers that mark a shortcut. Figures and axes are
//! tracked on the [`Canvas`] so that pyplot's "current axes" is known; drawing calls go
//! to [`super::draw`] by way of [`super::calls`].

use plotgrade_pyreader::{Args, Library, Val, builtins};

use super::calls::{IMAGE_READS, draw_call, patch_call};
use super::canvas::Canvas;
use super::draw;
use super::elements::{Element, Shortcut};
use super::objects::MplObject;
use super::shapes;

/// pyplot calls that set things no key element depends on.
const PYPLOT_NOOPS: &[&str] = &[
    "show",
    "savefig",
    "close",
    "tight_layout",
    "grid",
    "xlim",
    "ylim",
    "axis",
    "subplots_adjust",
    "clf",
    "cla",
    "margins",
    "minorticks_on",
    "minorticks_off",
    "ion",
    "ioff",
    "pause",
    "draw",
    "rc",
    "rcdefaults",
    "xscale",
    "yscale",
    "box",
    "colorbar",
    "gcf().tight_layout",
];

impl Library for Canvas {
    fn note(&mut self, note: String) {
        Canvas::note(self, note);
    }

    fn call(&mut self, path: &str, a: &Args, line: usize) -> Option<Val> {
        if IMAGE_READS.contains(&path) {
            let source = a.pos.first().and_then(Val::str).map(str::to_string);
            self.shortcuts.push(Shortcut {
                call: path.to_string(),
                line,
                source,
            });
            return None;
        }
        let (module, name) = path.rsplit_once('.').unwrap_or(("", path));
        match module {
            "matplotlib.pyplot" | "pylab" => self.pyplot(name, a, line),
            "matplotlib.patches" | "matplotlib.lines" => {
                patch_call(name).map(|pc| MplObject::Patch(shapes::build_patch(pc, a, line)).val())
            }
            _ => None,
        }
    }

    fn method(&mut self, recv: &Val, name: &str, a: &Args, line: usize) -> Option<Val> {
        match MplObject::of(recv) {
            Some(MplObject::Axes(axes)) => self.axes_method(*axes, name, a, line),
            Some(MplObject::Figure(fig)) => Some(self.figure_method(*fig, name, a, line)),
            Some(MplObject::Rect(bar)) => MplObject::bar_getter(bar, name),
            Some(_) => None,
            None if recv.is_sym() && draw_call(name).is_some() => {
                // An axes the reader lost track of (a parameter, `axs[i]` of an unknown
                // grid, a pandas plot): pyplot's current axes is the best place.
                let axes = self.gca();
                self.axes_method(axes, name, a, line)
            }
            None => None,
        }
    }

    fn provides(&self, name: &str) -> bool {
        draw_call(name).is_some() || patch_call(name).is_some()
    }

    fn global(&self, name: &str) -> Option<Val> {
        patch_call(name).map(|_| Val::Callable(format!("matplotlib.patches.{name}")))
    }

    /// `A = (0, 0)` and `points = {'A': (0, 0), …}` name geometry points.
    fn assigned(&mut self, name: &str, v: &Val, line: usize) {
        if shapes::is_point_name(name) {
            if let Some(p) = shapes::point(name, v, line) {
                self.push(p);
            }
            return;
        }
        if let Val::Dict(pairs) = v {
            let points: Vec<Element> = pairs
                .iter()
                .filter_map(|(k, p)| {
                    let k = k.str().filter(|k| shapes::is_point_name(k))?;
                    shapes::point(k, p, line)
                })
                .collect();
            for p in points {
                self.push(p);
            }
        }
    }
}

impl Canvas {
    fn pyplot(&mut self, name: &str, a: &Args, line: usize) -> Option<Val> {
        if let Some(pc) = patch_call(name) {
            return Some(MplObject::Patch(shapes::build_patch(pc, a, line)).val());
        }
        let axes = |i| MplObject::Axes(i).val();
        let figure = |f| MplObject::Figure(f).val();
        Some(match name {
            "figure" => figure(self.new_figure()),
            "subplots" => {
                let fig = self.new_figure();
                let axes = self.subplots(fig, a);
                Val::Tuple(vec![figure(fig), axes])
            }
            "subplot" => {
                let fig = self.current_figure();
                axes(self.new_axes(fig, subplot_spec(a)))
            }
            "axes" if a.pos.is_empty() => axes(self.gca()),
            "axes" => {
                let fig = self.current_figure();
                axes(self.new_axes(fig, None))
            }
            "gca" => axes(self.gca()),
            "gcf" => figure(self.current_figure()),
            "sca" => {
                if let Some(MplObject::Axes(i)) = a.pos.first().and_then(MplObject::of) {
                    self.set_current(*i);
                }
                Val::None
            }
            "twinx" | "twiny" => {
                let fig = self.current_figure();
                axes(self.new_axes(fig, None))
            }
            _ => match draw_call(name) {
                Some(call) => {
                    let axes = if name == "suptitle" {
                        let fig = self.current_figure();
                        self.figure_axes(fig)
                    } else {
                        self.gca()
                    };
                    draw::draw(self, axes, call, a, line)
                }
                None if PYPLOT_NOOPS.contains(&name) => Val::None,
                None => return builtins::call(&format!("numpy.{name}"), a),
            },
        })
    }

    /// `subplots(nrows, ncols)` on a figure: one axes, a row/column list, or a grid.
    fn subplots(&mut self, fig: usize, a: &Args) -> Val {
        let get = |i: usize, n: &str| a.get(i, n).map_or(Some(1), Val::int);
        let (Some(rows), Some(cols)) = (get(0, "nrows"), get(1, "ncols")) else {
            self.note("`subplots` with an unresolved grid: its axes are not told apart".into());
            return MplObject::Axes(self.new_axes(fig, None)).val();
        };
        if !(1..=50).contains(&rows) || !(1..=50).contains(&cols) {
            return MplObject::Axes(self.new_axes(fig, None)).val();
        }
        let squeeze = a.kw("squeeze").and_then(Val::truth).unwrap_or(true);
        let mut grid = Vec::new();
        for r in 0..rows {
            let row: Vec<Val> = (0..cols)
                .map(|c| {
                    MplObject::Axes(self.new_axes(fig, Some((rows, cols, r * cols + c + 1)))).val()
                })
                .collect();
            grid.push(row);
        }
        match (squeeze, rows, cols) {
            (true, 1, 1) => grid[0][0].clone(),
            (true, 1, _) => Val::List(grid.remove(0)),
            (true, _, 1) => Val::List(grid.into_iter().map(|mut r| r.remove(0)).collect()),
            _ => Val::List(grid.into_iter().map(Val::List).collect()),
        }
    }

    /// A method of an axes; `None` for one the model does not know.
    fn axes_method(&mut self, axes: usize, name: &str, a: &Args, line: usize) -> Option<Val> {
        Some(match name {
            "twinx" | "twiny" => {
                let fig = self.figure_of(axes);
                MplObject::Axes(self.new_axes(fig, None)).val()
            }
            _ => match draw_call(name) {
                Some(call) => draw::draw(self, axes, call, a, line),
                None if name.starts_with("set_")
                    || name.starts_with("tick_")
                    || name == "grid"
                    || name == "axis" =>
                {
                    Val::None
                }
                None => return None,
            },
        })
    }

    fn figure_method(&mut self, fig: usize, name: &str, a: &Args, line: usize) -> Val {
        match name {
            "add_subplot" => MplObject::Axes(self.new_axes(fig, subplot_spec(a))).val(),
            "add_axes" => MplObject::Axes(self.new_axes(fig, None)).val(),
            "subplots" => self.subplots(fig, a),
            "gca" => {
                self.set_figure(fig);
                MplObject::Axes(self.gca()).val()
            }
            "suptitle" | "text" | "legend" => {
                let axes = self.figure_axes(fig);
                let call = draw_call(name).expect("figure drawing calls are in the table");
                let v = draw::draw(self, axes, call, a, line);
                self.mark_last_on_figure();
                v
            }
            _ => Val::None,
        }
    }
}

/// `subplot(2, 1, 1)`, `subplot(211)`, `add_subplot(111)`.
fn subplot_spec(a: &Args) -> Option<(i64, i64, i64)> {
    let ints: Option<Vec<i64>> = a.pos.iter().map(Val::int).collect();
    match ints?.as_slice() {
        [] => Some((1, 1, 1)),
        [n] if (111..=999).contains(n) => Some((n / 100, (n / 10) % 10, n % 10)),
        [r, c, i] => Some((*r, *c, *i)),
        _ => None,
    }
}
