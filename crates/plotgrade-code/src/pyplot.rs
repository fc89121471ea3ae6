//! Calls into matplotlib: pyplot functions, Axes and Figure methods, patch constructors
//! and the image readers that mark a shortcut. Figures and axes are tracked on the
//! [`super::canvas::Canvas`] so that pyplot's "current axes" is known; drawing calls go
//! to [`super::draw`] by way of [`super::tables`].

use std::rc::Rc;

use super::ast::Span;
use super::builtins::{self, Args};
use super::calls::{IMAGE_READS, draw_call, patch_call};
use super::draw;
use super::elements::Shortcut;
use super::interp::Reader;
use super::shapes;
use super::value::Val;

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

impl Reader<'_> {
    pub fn call_path(&mut self, path: &str, a: Args, span: Span) -> Val {
        if IMAGE_READS.contains(&path) {
            let source = a.pos.first().and_then(Val::str).map(str::to_string);
            self.canvas.shortcuts.push(Shortcut {
                call: path.to_string(),
                line: span.line,
                source,
            });
            return self.sym(span);
        }
        let (module, name) = path.rsplit_once('.').unwrap_or(("", path));
        match module {
            "matplotlib.pyplot" | "pylab" => self.pyplot(name, a, span),
            "matplotlib.patches" | "matplotlib.lines" => match patch_call(name) {
                Some(pc) => Val::Patch(Rc::new(shapes::build_patch(pc, &a, span.line))),
                None => self.sym(span),
            },
            "numpy" | "math" | "builtins" => {
                builtins::call(path, &a).unwrap_or_else(|| self.sym(span))
            }
            _ => self.sym(span),
        }
    }

    fn pyplot(&mut self, name: &str, a: Args, span: Span) -> Val {
        if let Some(pc) = patch_call(name) {
            return Val::Patch(Rc::new(shapes::build_patch(pc, &a, span.line)));
        }
        match name {
            "figure" => Val::Figure(self.canvas.new_figure()),
            "subplots" => {
                let fig = self.canvas.new_figure();
                let axes = self.subplots(fig, &a);
                Val::Tuple(vec![Val::Figure(fig), axes])
            }
            "subplot" => {
                let fig = self.canvas.current_figure();
                Val::Axes(self.canvas.new_axes(fig, subplot_spec(&a)))
            }
            "axes" if a.pos.is_empty() => Val::Axes(self.canvas.gca()),
            "axes" => {
                let fig = self.canvas.current_figure();
                Val::Axes(self.canvas.new_axes(fig, None))
            }
            "gca" => Val::Axes(self.canvas.gca()),
            "gcf" => Val::Figure(self.canvas.current_figure()),
            "sca" => {
                if let Some(Val::Axes(i)) = a.pos.first() {
                    self.canvas.set_current(*i);
                }
                Val::None
            }
            "twinx" | "twiny" => {
                let fig = self.canvas.current_figure();
                Val::Axes(self.canvas.new_axes(fig, None))
            }
            _ => match draw_call(name) {
                Some(call) => {
                    let axes = if name == "suptitle" {
                        let fig = self.canvas.current_figure();
                        self.canvas.figure_axes(fig)
                    } else {
                        self.canvas.gca()
                    };
                    draw::draw(&mut self.canvas, axes, call, &a, span.line)
                }
                None if PYPLOT_NOOPS.contains(&name) => Val::None,
                None => {
                    builtins::call(&format!("numpy.{name}"), &a).unwrap_or_else(|| self.sym(span))
                }
            },
        }
    }

    /// `subplots(nrows, ncols)` on a figure: one axes, a row/column list, or a grid.
    fn subplots(&mut self, fig: usize, a: &Args) -> Val {
        let get = |i: usize, n: &str| a.get(i, n).map_or(Some(1), Val::int);
        let (Some(rows), Some(cols)) = (get(0, "nrows"), get(1, "ncols")) else {
            self.note("`subplots` with an unresolved grid: its axes are not told apart".into());
            return Val::Axes(self.canvas.new_axes(fig, None));
        };
        if !(1..=50).contains(&rows) || !(1..=50).contains(&cols) {
            return Val::Axes(self.canvas.new_axes(fig, None));
        }
        let squeeze = a.kw("squeeze").and_then(Val::truth).unwrap_or(true);
        let mut grid = Vec::new();
        for r in 0..rows {
            let row: Vec<Val> = (0..cols)
                .map(|c| {
                    Val::Axes(
                        self.canvas
                            .new_axes(fig, Some((rows, cols, r * cols + c + 1))),
                    )
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

    pub fn axes_method(&mut self, axes: usize, name: &str, a: &Args, span: Span) -> Val {
        match name {
            "twinx" | "twiny" => {
                let fig = self.canvas.figure_of(axes);
                Val::Axes(self.canvas.new_axes(fig, None))
            }
            _ => match draw_call(name) {
                Some(call) => draw::draw(&mut self.canvas, axes, call, a, span.line),
                None if name.starts_with("set_")
                    || name.starts_with("tick_")
                    || name == "grid"
                    || name == "axis" =>
                {
                    Val::None
                }
                None => self.sym(span),
            },
        }
    }

    pub fn figure_method(&mut self, fig: usize, name: &str, a: Args, span: Span) -> Val {
        match name {
            "add_subplot" => Val::Axes(self.canvas.new_axes(fig, subplot_spec(&a))),
            "add_axes" => Val::Axes(self.canvas.new_axes(fig, None)),
            "subplots" => self.subplots(fig, &a),
            "gca" => {
                self.canvas.set_figure(fig);
                Val::Axes(self.canvas.gca())
            }
            "suptitle" | "text" | "legend" => {
                let axes = self.canvas.figure_axes(fig);
                let call = draw_call(name).expect("figure drawing calls are in the table");
                let v = draw::draw(&mut self.canvas, axes, call, &a, span.line);
                self.canvas.mark_last_on_figure();
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
