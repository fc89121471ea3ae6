//! An axis label cut off by the figure's edge, read against the reference's.
//!
//! A label more than a tenth of whose box lies past the figure's edge is cut in the
//! picture ("Score Range" with its lower half gone): a reader cannot read it. Where the
//! reference draws that label whole, the answer's cut label is not read (realsrc-u,
//! round 24: a histogram drawn without the axes placement its request fixed passed with
//! its x-axis label cut in half). Where the reference's label is cut as well (a long
//! label the original's default layout pushes past the edge, kept as drawn), the answer's
//! is read as before: reading every cut label as unseen failed ten honest answers whose
//! originals are cut so. The mark itself is never compared: an answer that draws whole
//! a label its original cut has changed nothing a task asks about.
//!
//! Written by hand: a rule of this grader's reading, no library's.

use super::element::{ElementKind, Value};
use super::inventory::Inventory;

/// In `generated`, leave out the axis labels cut where the `reference` draws them whole;
/// then take the mark off the axis labels of every figure compared.
pub(crate) fn read(
    generated: &mut Inventory,
    reference: &mut Inventory,
    others: &mut [&mut Inventory],
) {
    let label = |k: ElementKind| matches!(k, ElementKind::Xlabel | ElementKind::Ylabel);
    let cut = |e: &super::element::Element| matches!(e.attrs.get("cut"), Some(Value::Flag(true)));
    let whole_there: Vec<_> = reference
        .elements
        .iter()
        .filter(|e| label(e.kind) && !cut(e))
        .map(|e| (e.figure, e.axes, e.kind))
        .collect();
    let drop: Vec<usize> = generated
        .elements
        .iter()
        .filter(|e| label(e.kind) && cut(e) && whole_there.contains(&(e.figure, e.axes, e.kind)))
        .map(|e| e.id)
        .collect();
    generated.remove(&drop);
    for inv in others
        .iter_mut()
        .map(|i| &mut **i)
        .chain([generated, reference])
    {
        for e in inv.elements.iter_mut().filter(|e| label(e.kind)) {
            e.attrs.remove("cut");
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::brief::Brief;
    use crate::score::{compare_edit_in, compare_generation_in};
    use crate::tolerance::Tolerances;
    use plotgrade_model::scene::{Axes, Bar, Figure, Scene};

    /// One axes with an x-axis label, cut or whole, and the bars given.
    fn chart(cut: bool, heights: &[f64]) -> Scene {
        let bars = heights
            .iter()
            .enumerate()
            .map(|(i, &h)| Bar {
                x: i as f64,
                height: h,
                width: 0.8,
                color: "#1f77b4ff".into(),
                ..Bar::default()
            })
            .collect();
        let ax = Axes {
            axis_on: true,
            xlim: [-0.5, 2.5],
            ylim: [0.0, 10.0],
            xscale: "linear".into(),
            yscale: "linear".into(),
            xlabel: "Score Range".into(),
            xlabel_size: 16.0,
            xlabel_color: "#000000ff".into(),
            xlabel_weight: "normal".into(),
            xlabel_cut: cut,
            bars,
            ..Axes::default()
        };
        Scene {
            figures: vec![Figure {
                index: 1,
                axes: vec![ax],
                ..Figure::default()
            }],
        }
    }

    /// realsrc-u, round 24: an x-axis label cut in half where the reference's is whole
    /// is not read; cut in both, or whole in the answer, it is.
    #[test]
    fn a_label_cut_off_where_the_reference_s_is_whole_is_not_read() {
        let brief = Brief::of("A bar chart of three bars, x label 'Score Range'.", "bar");
        let f1 =
            |g: &Scene, r: &Scene| compare_generation_in(g, r, &brief, &Tolerances::default()).f1;
        let bars = [6.0, 3.0, 8.0];
        assert!(f1(&chart(true, &bars), &chart(false, &bars)) < 1.0);
        assert_eq!(f1(&chart(true, &bars), &chart(true, &bars)), 1.0);
        assert_eq!(f1(&chart(false, &bars), &chart(true, &bars)), 1.0);
    }

    /// An original whose layout cuts its label: an answer that draws it whole changed
    /// nothing the task asks about.
    #[test]
    fn drawing_whole_a_label_the_original_cut_is_no_edit() {
        let brief = Brief::of("Change the second bar to 5; everything else stays.", "bar");
        let score = |g: &Scene| {
            compare_edit_in(
                &chart(true, &[6.0, 3.0, 8.0]),
                g,
                &chart(true, &[6.0, 5.0, 8.0]),
                &brief,
                &Tolerances::default(),
            )
            .f1
        };
        assert_eq!(score(&chart(false, &[6.0, 5.0, 8.0])), 1.0);
        assert_eq!(score(&chart(true, &[6.0, 5.0, 8.0])), 1.0);
    }
}
