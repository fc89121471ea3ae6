//! The image channel on real matplotlib renders (tests/fixtures/image/, made by its
//! render.py): RMS agreement with matplotlib itself, SSIM ordering, edit-region IoU,
//! the common canvas for different sizes, heatmaps and errors.

use std::path::{Path, PathBuf};
use std::process::Command;

use plotgrade::image::{
    self, CHANGE_THRESHOLD, DILATION_RADIUS, Error, ImageComparison, Input, IouUndefined, Raster,
    Size,
};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/image")
        .join(format!("{name}.png"))
}

fn compare(a: &str, b: &str) -> ImageComparison {
    image::compare(&fixture(a), &fixture(b)).unwrap_or_else(|e| panic!("{a} vs {b}: {e:#}"))
}

fn edit(original: &str, generated: &str, reference: &str) -> image::EditRegion {
    image::edit_region(&fixture(original), &fixture(generated), &fixture(reference))
        .unwrap_or_else(|e| panic!("edit {original} → {generated} vs {reference}: {e:#}"))
}

/// Pairs matplotlib's compare_images accepts (same size; both or neither keeping alpha).
const RMS_PAIRS: &[(&str, &str)] = &[
    ("bar_original", "bar_ref"),
    ("bar_ref", "bar_gen_near"),
    ("bar_ref", "bar_gen_wrong"),
    ("bar_original", "bar_recoloured"),
    ("pie_original", "pie_wedge_removed"),
    ("curve_expanded", "curve_factored"),
    ("annot_ref", "annot_gen_nudged"),
    ("annot_ref", "annot_gen_far"),
    ("tri_median_ref", "tri_median_gen"),
    ("tri_median_ref", "tri_perpendicular"),
    // RGBA with transparency: four channels, alpha not composited.
    ("bar_transparent", "bar_ref_transparent"),
    // Palette with tRNS and greyscale PNGs: Pillow converts both to RGB, dropping alpha.
    ("tiny_rgb", "tiny_palette"),
    ("tiny_rgb", "tiny_grey"),
    ("tiny_grey", "tiny_palette"),
];

/// What `compare_images(expected, actual, tol=0)` reports, one repr per pair.
const MATPLOTLIB_RMS: &str = r#"
import sys
from matplotlib.testing.compare import compare_images
for expected, actual in zip(sys.argv[1::2], sys.argv[2::2]):
    result = compare_images(expected, actual, tol=0, in_decorator=True)
    print(repr(0.0 if result is None else float(result["rms"])))
"#;

#[test]
fn rms_agrees_with_matplotlib_compare_images() {
    // compare_images writes a "-failed-diff" image beside `actual`: work on copies.
    let dir = tempfile::tempdir().unwrap();
    let copy = |name: &str| {
        let to = dir.path().join(format!("{name}.png"));
        if !to.exists() {
            std::fs::copy(fixture(name), &to).unwrap();
        }
        to
    };
    let python = Path::new(env!("CARGO_MANIFEST_DIR")).join(".venv/bin/python");
    let mut cmd = Command::new(&python);
    cmd.arg("-c").arg(MATPLOTLIB_RMS);
    for (a, b) in RMS_PAIRS {
        cmd.arg(copy(a)).arg(copy(b));
    }
    let out = cmd.output().unwrap_or_else(|e| {
        panic!(
            "cannot run {} (set up the venv with scripts/): {e}",
            python.display()
        )
    });
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
    let expected: Vec<f64> = stdout.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(
        expected.len(),
        RMS_PAIRS.len(),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );

    for ((a, b), want) in RMS_PAIRS.iter().zip(expected) {
        let got = image::rms(&fixture(a), &fixture(b)).unwrap();
        assert!(
            (got - want).abs() <= 1e-6,
            "{a} vs {b}: plotgrade rms {got}, matplotlib {want}"
        );
    }
}

#[test]
fn same_curve_from_two_formulas_is_pixel_identical() {
    let c = compare("curve_expanded", "curve_factored");
    assert_eq!(c.rms, 0.0);
    assert_eq!((c.ssim_grey, c.ssim_hybrid), (1.0, Some(1.0)));
    assert!(!c.size_mismatch);
}

#[test]
fn compare_luma_is_compare_without_the_hybrid() {
    for (a, b) in [("bar_ref", "bar_gen_wrong"), ("bar_small", "bar_original")] {
        let full = compare(a, b);
        let luma = image::compare_luma(&fixture(a), &fixture(b)).unwrap();
        assert!(full.ssim_hybrid.is_some() && luma.ssim_hybrid.is_none());
        assert_eq!(
            luma,
            ImageComparison {
                ssim_hybrid: None,
                ..full
            },
            "{a} vs {b}"
        );
        // What the run store and results.jsonl hold: no hybrid key at all.
        let json = serde_json::to_string(&luma).unwrap();
        assert!(!json.contains("hybrid"), "{json}");
    }
}

#[test]
fn one_bar_changed_scores_by_how_far_it_moved() {
    let edited = compare("bar_original", "bar_ref");
    assert!((30.0..45.0).contains(&edited.rms), "{edited:?}");
    assert!((0.95..0.99).contains(&edited.ssim_grey), "{edited:?}");

    // The same bar to almost the same height is closer than the wrong bar edited.
    let near = compare("bar_ref", "bar_gen_near");
    let wrong = compare("bar_ref", "bar_gen_wrong");
    assert!(near.rms < 10.0 && wrong.rms > 40.0, "{near:?}\n{wrong:?}");
    assert!(near.ssim_grey > wrong.ssim_grey, "{near:?}\n{wrong:?}");
    assert!(
        near.ssim_hybrid.unwrap() > wrong.ssim_hybrid.unwrap(),
        "{near:?}\n{wrong:?}"
    );
}

#[test]
fn one_pie_wedge_removed() {
    let c = compare("pie_original", "pie_wedge_removed");
    assert_eq!(
        c.size_a,
        Size {
            width: 400,
            height: 400
        }
    );
    assert!((25.0..40.0).contains(&c.rms), "{c:?}");
    assert!(c.ssim_grey < 0.99 && c.ssim_hybrid.unwrap() < 0.99, "{c:?}");
}

#[test]
fn recoloured_bars_keep_grey_structure_but_lose_hybrid_similarity() {
    // C0 blue → C3 red: luma barely moves, so grey SSIM stays high; the hybrid's colour
    // term sees the change.
    let c = compare("bar_original", "bar_recoloured");
    assert!(c.rms > 50.0, "{c:?}");
    assert!(c.ssim_grey > 0.99, "{c:?}");
    assert!(c.ssim_hybrid.unwrap() < c.ssim_grey - 0.02, "{c:?}");
}

#[test]
fn annotation_nudged_slightly_lands_in_the_edit_region_far_does_not() {
    let nudged = edit("annot_original", "annot_gen_nudged", "annot_ref");
    let far = edit("annot_original", "annot_gen_far", "annot_ref");
    assert!(nudged.iou.unwrap() > 0.3, "{nudged:?}");
    assert_eq!(far.iou, Some(0.0), "{far:?}");
    // The pixels alone also rank them, though by less.
    let (near_px, far_px) = (
        compare("annot_ref", "annot_gen_nudged"),
        compare("annot_ref", "annot_gen_far"),
    );
    assert!(near_px.rms < far_px.rms && near_px.ssim_grey > far_px.ssim_grey);
}

#[test]
fn median_and_perpendicular_from_one_vertex_are_different_edits() {
    // Same median drawn in another colour: the same place was edited.
    let median = edit("tri_original", "tri_median_gen", "tri_median_ref");
    // Altitude from the same vertex: shares only the vertex.
    let perpendicular = edit("tri_original", "tri_perpendicular", "tri_median_ref");
    assert!(median.iou.unwrap() > 0.95, "{median:?}");
    assert!(perpendicular.iou.unwrap() < 0.1, "{perpendicular:?}");
    assert!(perpendicular.changed_generated > 300, "{perpendicular:?}");
}

#[test]
fn edit_of_the_same_bar_has_high_iou_and_of_another_bar_zero() {
    let same = edit("bar_original", "bar_ref", "bar_ref");
    assert_eq!(same.iou, Some(1.0));
    let near = edit("bar_original", "bar_gen_near", "bar_ref");
    assert!(near.iou.unwrap() > 0.9, "{near:?}");
    assert_eq!(
        near.precision,
        Some(1.0),
        "a lower bar lies inside the higher one"
    );
    let wrong = edit("bar_original", "bar_gen_wrong", "bar_ref");
    assert_eq!(wrong.iou, Some(0.0), "{wrong:?}");
}

#[test]
fn noop_edit_scores_zero() {
    // Regression guard for the rule "a model that returns the original unchanged scores
    // zero, whatever the pixel similarity".
    let noop = edit("bar_original", "bar_original", "bar_ref");
    assert!(noop.generated_is_noop);
    assert_eq!(noop.iou, Some(0.0));
    assert_eq!(noop.recall, Some(0.0));
    assert_eq!(noop.precision, None);
    assert_eq!((noop.changed_generated, noop.mask_generated), (0, 0));
    assert!(noop.changed_reference > 10_000, "{noop:?}");
}

#[test]
fn both_edits_empty_reports_no_iou_and_why() {
    let e = edit("bar_original", "bar_original", "bar_original");
    assert_eq!(e.iou, None);
    assert_eq!(e.iou_undefined, Some(IouUndefined::BothEditsEmpty));
    let json = serde_json::to_value(&e).unwrap();
    assert_eq!(json["iou"], serde_json::Value::Null);
    assert_eq!(json["iou_undefined"], "both_edits_empty");
    assert_eq!(json["change_threshold"], u64::from(CHANGE_THRESHOLD));
    assert_eq!(json["dilation_radius"], u64::from(DILATION_RADIUS));
}

#[test]
fn different_figure_sizes_are_compared_on_a_common_canvas() {
    let c = compare("bar_original", "bar_small");
    assert!(c.size_mismatch);
    assert_eq!(
        c.size_a,
        Size {
            width: 600,
            height: 400
        }
    );
    assert_eq!(
        c.size_b,
        Size {
            width: 500,
            height: 350
        }
    );
    assert_eq!(
        c.canvas,
        Size {
            width: 600,
            height: 400
        }
    );
    assert!(c.rms > 0.0 && c.ssim_grey < 0.9, "{c:?}");
    // Symmetric, and the edit region copes with three sizes too.
    let d = compare("bar_small", "bar_original");
    assert_eq!(
        (c.rms, c.ssim_grey, c.ssim_hybrid),
        (d.rms, d.ssim_grey, d.ssim_hybrid)
    );
    let e = edit("bar_original", "bar_small", "bar_ref");
    assert!(e.size_mismatch && e.canvas == c.canvas, "{e:?}");
}

#[test]
fn transparent_render_keeps_alpha_for_rms_only() {
    // matplotlib keeps alpha for an RGBA file with alpha < 255, so RMS sees four channels;
    // every other measure looks at the page (alpha over white), where the two are equal
    // up to rounding (Agg blends onto its white background with its own rounding).
    let c = compare("bar_original", "bar_transparent");
    assert_eq!(c.rms_channels, 4);
    assert!(c.rms > 50.0, "{c:?}");
    assert!(
        c.ssim_grey > 0.9999 && c.ssim_hybrid.unwrap() > 0.9999,
        "{c:?}"
    );
    let e = edit("bar_original", "bar_transparent", "bar_ref");
    assert!(e.generated_is_noop, "{e:?}");
    let t = compare("bar_transparent", "bar_ref_transparent");
    assert_eq!(t.rms_channels, 4);
}

#[test]
fn heatmap_is_a_deterministic_png_of_the_canvas() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one.png"), dir.path().join("two.png"));
    let summary = image::heatmap(&fixture("bar_ref"), &fixture("bar_gen_wrong"), &one).unwrap();
    image::heatmap(&fixture("bar_ref"), &fixture("bar_gen_wrong"), &two).unwrap();
    let bytes = std::fs::read(&one).unwrap();
    assert_eq!(bytes, std::fs::read(&two).unwrap());
    let (in_memory, _) =
        image::heatmap_png(&fixture("bar_ref"), &fixture("bar_gen_wrong")).unwrap();
    assert_eq!(bytes, in_memory);

    let picture = Raster::open(&one).unwrap();
    assert_eq!(
        picture.size(),
        Size {
            width: 600,
            height: 400
        }
    );
    assert_eq!(summary.canvas, picture.size());
    assert!(
        summary.changed_pixels > 10_000 && summary.max_difference > 200,
        "{summary:?}"
    );
    // Unchanged pixels are (faded) grey; every differing one is on the warm ramp.
    assert_eq!(picture.page().get_pixel(5, 5).0, [255, 255, 255]);
    let warm = picture.page().pixels().filter(|p| p[0] > p[2]).count();
    assert_eq!(warm as u64, summary.differing_pixels);

    let same =
        image::heatmap(&fixture("curve_expanded"), &fixture("curve_factored"), &one).unwrap();
    assert_eq!((same.differing_pixels, same.max_difference), (0, 0));
}

#[test]
fn inputs_from_path_bytes_and_raster_agree() {
    let (a, b) = (fixture("pie_original"), fixture("pie_wedge_removed"));
    let from_paths = image::compare(&a, &b).unwrap();
    let bytes = std::fs::read(&b).unwrap();
    let raster = Raster::open(&a).unwrap();
    let mixed = image::compare(&raster, Input::png("wedge removed", &bytes)).unwrap();
    assert_eq!(from_paths, mixed);
    assert_eq!(image::rms(&raster, &bytes).unwrap(), from_paths.rms);
    assert_eq!(image::ssim_grey(&raster, &b).unwrap(), from_paths.ssim_grey);
    assert_eq!(
        Some(image::ssim_hybrid(&raster, &b).unwrap()),
        from_paths.ssim_hybrid
    );
}

#[test]
fn hybrid_ssim_is_image_compares_rgb_hybrid() {
    // The channel reports image-compare's own number, not a look-alike.
    for (a, b) in [
        ("bar_original", "bar_recoloured"),
        ("annot_ref", "annot_gen_far"),
    ] {
        let (x, y) = (
            Raster::open(&fixture(a)).unwrap(),
            Raster::open(&fixture(b)).unwrap(),
        );
        let direct = image_compare::rgb_hybrid_compare(x.page(), y.page())
            .unwrap()
            .score;
        assert_eq!(image::ssim_hybrid(&x, &y).unwrap(), direct, "{a} vs {b}");
    }
}

#[test]
fn errors_name_the_bad_file() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("figure.png");
    std::fs::write(&text, "plt.show()\n").unwrap();
    let err = image::compare(&text, &fixture("bar_ref")).unwrap_err();
    assert!(matches!(err, Error::NotPng { .. }), "{err:?}");
    assert!(err.to_string().contains("not a PNG: "), "{err}");
    assert!(err.to_string().contains("figure.png"), "{err}");

    let missing = dir.path().join("missing.png");
    let err = image::rms(&fixture("bar_ref"), &missing).unwrap_err();
    assert!(matches!(err, Error::Read { .. }), "{err:?}");
    assert!(err.to_string().contains("missing.png"), "{err}");

    let mut cut = std::fs::read(fixture("bar_ref")).unwrap();
    cut.truncate(cut.len() / 2);
    let err = image::compare(Input::png("half a figure", &cut), &fixture("bar_ref")).unwrap_err();
    assert!(matches!(err, Error::Decode { .. }), "{err:?}");
    assert!(err.to_string().contains("half a figure"), "{err}");
}
