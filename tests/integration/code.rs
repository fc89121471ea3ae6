//! The code channel (`plotgrade::code`): elements read from fixture scripts, the element
//! diffs between paired fixtures `NAME_1.py` → `NAME_2.py` (insta snapshots in
//! `snapshots/NAME.snap`, one operation per line), and the edit/generation scores.
//!
//! A changed diff leaves `NAME.snap.new` (never on CI) for `cargo insta review`.

use std::path::PathBuf;
use std::time::Instant;

use plotgrade::code::{self, EditOp, ElementKind, Elements, Value};

fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/code")
        .join(name)
}

fn fixture(name: &str) -> String {
    let path = fixture_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// What the channel read, and the parse tree, for failure messages.
fn explain(label: &str, src: &str) -> String {
    let elements = code::extract(src);
    format!(
        "--- elements of {label}:\n{}--- syntax tree of {label}:\n{}\n",
        code::render_elements(&elements),
        code::syntax_tree(src)
    )
}

fn element<'a>(e: &'a Elements, kind: ElementKind, axes: usize, key: &str) -> &'a code::Element {
    e.get(kind, axes, key).unwrap_or_else(|| {
        panic!(
            "no {kind} {key:?} on axes {axes}:\n{}",
            code::render_elements(e)
        )
    })
}

fn num(n: f64) -> Value {
    Value::Num(n)
}

fn nums(v: &[f64]) -> Value {
    Value::List(v.iter().copied().map(Value::Num).collect())
}

fn s(t: &str) -> Value {
    Value::Str(t.to_string())
}

/// Diff `NAME_1.py` → `NAME_2.py` and compare with the snapshot `snapshots/NAME.snap`
/// (insta: `cargo insta review` accepts a change; CI never writes one).
fn check_pair(name: &str) {
    let (a_src, b_src) = (
        fixture(&format!("{name}_1.py")),
        fixture(&format!("{name}_2.py")),
    );
    let ops = code::edit_ops(&code::extract(&a_src), &code::extract(&b_src));
    let actual: String = ops.iter().map(|op| code::render_op(op) + "\n").collect();
    // Shown only when the test fails (cargo captures a passing test's output): what the
    // channel read from both sides.
    eprintln!(
        "{}{}",
        explain(&format!("{name}_1.py"), &a_src),
        explain(&format!("{name}_2.py"), &b_src)
    );
    insta::with_settings!({
        snapshot_path => fixture_path("snapshots"),
        prepend_module_to_snapshot => false,
        description => format!("element diff of {name}_1.py -> {name}_2.py"),
    }, {
        insta::assert_snapshot!(name, actual);
    });
}

// ---- paired fixtures: one per figure type and style ----

#[test]
fn bar_pyplot_height_changed_by_element_assignment() {
    check_pair("bar_pyplot");
}

#[test]
fn bar_oo_category_deleted_from_dict() {
    check_pair("bar_oo");
}

#[test]
fn line_fmt_style_and_point_changed() {
    check_pair("line_fmt");
}

#[test]
fn pie_oo_values_changed_through_dict() {
    check_pair("pie_oo");
}

#[test]
fn geometry_median_added() {
    check_pair("geometry_median");
}

#[test]
fn function_changed_compared_by_values() {
    check_pair("function_pyplot");
}

#[test]
fn syntax_error_still_diffs_what_was_read() {
    check_pair("syntax_error");
}

#[test]
fn subplots_oo_labels_added_on_one_panel() {
    check_pair("subplots_oo");
}

// ---- exact element values ----

#[test]
fn bar_values_resolve_through_variables_and_element_assignment() {
    let src = fixture("bar_pyplot_2.py");
    let e = code::extract(&src);
    let ctx = explain("bar_pyplot_2.py", &src);
    assert_eq!(
        element(&e, ElementKind::Bars, 0, "0").attr("categories"),
        Some(&Value::List(vec![s("A"), s("B"), s("C"), s("D")])),
        "{ctx}"
    );
    let c = element(&e, ElementKind::Bar, 0, "C");
    assert_eq!(c.attr("height"), Some(&num(45.0)), "{ctx}");
    assert_eq!(c.attr("color"), Some(&s("#ff0000")), "{ctx}");
    assert_eq!(
        element(&e, ElementKind::Bar, 0, "A").attr("color"),
        Some(&s("#87ceeb")),
        "{ctx}"
    );
    assert_eq!(
        element(&e, ElementKind::Title, 0, "title").attr("text"),
        Some(&s("Sales by region (max 45)")),
        "{ctx}"
    );
    assert_eq!(e.diagnostics.symbolic, 0, "{ctx}");
}

#[test]
fn bar_categories_come_from_tick_labels_and_loop_texts_from_bar_getters() {
    let src = fixture("bar_oo_1.py");
    let e = code::extract(&src);
    let ctx = explain("bar_oo_1.py", &src);
    assert_eq!(
        element(&e, ElementKind::Bar, 0, "Wed").attr("height"),
        Some(&num(9.0)),
        "{ctx}"
    );
    let texts: Vec<(Option<&Value>, Option<&Value>)> = e
        .of_kind(ElementKind::Text)
        .map(|t| (t.attr("text"), t.attr("xy")))
        .collect();
    assert_eq!(texts.len(), 5, "{ctx}");
    // `f'{height}'` of an int height prints `12`, as numpy keeps the int dtype.
    assert_eq!(
        texts[0],
        (Some(&s("12")), Some(&nums(&[0.0, 12.5]))),
        "{ctx}"
    );
    assert_eq!(
        texts[4],
        (Some(&s("21")), Some(&nums(&[4.0, 21.5]))),
        "{ctx}"
    );
    assert_eq!(
        element(&e, ElementKind::Bars, 0, "0").attr("label"),
        Some(&s("Visits")),
        "{ctx}"
    );
}

#[test]
fn line_format_string_is_split_into_colour_marker_and_style() {
    let src = fixture("line_fmt_1.py");
    let e = code::extract(&src);
    let ctx = explain("line_fmt_1.py", &src);
    let first = element(&e, ElementKind::Line, 0, "#0");
    assert_eq!(first.attr("color"), Some(&s("#ff0000")), "{ctx}");
    assert_eq!(first.attr("marker"), Some(&s("o")), "{ctx}");
    assert_eq!(first.attr("linestyle"), Some(&s("--")), "{ctx}");
    assert_eq!(
        first.attr("y"),
        Some(&nums(&[120.0, 135.0, 150.0, 145.0, 160.0, 172.0])),
        "{ctx}"
    );
    let second = element(&e, ElementKind::Line, 0, "#1");
    assert_eq!(second.attr("color"), Some(&s("#1f77b4")), "{ctx}");
    assert_eq!(second.attr("marker"), Some(&s("s")), "{ctx}");
}

#[test]
fn pie_wedges_keep_order_values_and_fractions() {
    let src = fixture("pie_oo_1.py");
    let e = code::extract(&src);
    let ctx = explain("pie_oo_1.py", &src);
    let pie = element(&e, ElementKind::Pie, 0, "0");
    assert_eq!(
        pie.attr("labels"),
        Some(&Value::List(vec![
            s("Rent"),
            s("Food"),
            s("Transport"),
            s("Savings")
        ])),
        "{ctx}"
    );
    assert_eq!(pie.attr("autopct"), Some(&s("%1.1f%%")), "{ctx}");
    let food = element(&e, ElementKind::Wedge, 0, "Food");
    assert_eq!(food.attr("value"), Some(&num(25.0)), "{ctx}");
    assert_eq!(food.attr("fraction"), Some(&num(0.25)), "{ctx}");
    assert_eq!(food.attr("color"), Some(&s("#66b3ff")), "{ctx}");
}

#[test]
fn geometry_points_segments_and_polygons_are_named_and_canonical() {
    let src = fixture("geometry_median_2.py");
    let e = code::extract(&src);
    let ctx = explain("geometry_median_2.py", &src);
    assert_eq!(
        element(&e, ElementKind::Point, 0, "B").attr("xy"),
        Some(&nums(&[6.0, 0.0])),
        "np.array point: {ctx}"
    );
    assert_eq!(
        element(&e, ElementKind::Point, 0, "M").attr("xy"),
        Some(&nums(&[3.0, 0.0])),
        "{ctx}"
    );
    let median = element(&e, ElementKind::Segment, 0, "#0");
    assert_eq!(
        median.attr("endpoints"),
        Some(&Value::List(vec![nums(&[2.0, 4.0]), nums(&[3.0, 0.0])])),
        "{ctx}"
    );
    assert_eq!(median.attr("linestyle"), Some(&s("--")), "{ctx}");
    assert_eq!(
        median.info.get("names").map(String::as_str),
        Some("CM"),
        "{ctx}"
    );
    let triangle = element(&e, ElementKind::Polygon, 0, "#0");
    assert_eq!(
        triangle.attr("vertices"),
        Some(&Value::List(vec![
            nums(&[0.0, 0.0]),
            nums(&[2.0, 4.0]),
            nums(&[6.0, 0.0])
        ])),
        "{ctx}"
    );
    assert_eq!(triangle.attr("fill"), Some(&Value::Bool(false)), "{ctx}");
    let labels: Vec<_> = e
        .of_kind(ElementKind::Text)
        .filter_map(|t| t.attr("text"))
        .collect();
    assert_eq!(labels, vec![&s("A"), &s("B"), &s("C"), &s("M")], "{ctx}");
}

#[test]
fn function_expression_and_domain_through_a_def() {
    let src = fixture("function_pyplot_2.py");
    let e = code::extract(&src);
    let ctx = explain("function_pyplot_2.py", &src);
    let f = element(&e, ElementKind::Function, 0, "#0");
    assert_eq!(f.attr("domain"), Some(&nums(&[-5.0, 5.0])), "{ctx}");
    assert_eq!(
        f.info.get("expr").map(String::as_str),
        Some("(x - 1) * (x + 1) - 2 * x"),
        "{ctx}"
    );
    // Compared by values: the same function written another way samples the same.
    let other = code::extract(
        "import numpy as np\nimport matplotlib.pyplot as plt\nx = np.linspace(-5, 5, 50)\n\
         plt.plot(x, x**2 - 2*x - 1, label='y = x^2 - 2x - 1')\n",
    );
    let g = element(&other, ElementKind::Function, 0, "#0");
    assert!(
        f.attr("samples").unwrap().same(g.attr("samples").unwrap()),
        "{ctx}\n{}",
        code::render_elements(&other)
    );
}

#[test]
fn syntax_error_is_counted_and_the_rest_is_read() {
    let src = fixture("syntax_error_2.py");
    let e = code::extract(&src);
    let ctx = explain("syntax_error_2.py", &src);
    let d = &e.diagnostics;
    assert_eq!(d.syntax_errors, 2, "{ctx}");
    assert_eq!(
        d.first_error,
        Some(code::Position { line: 8, column: 1 }),
        "{ctx}"
    );
    assert_eq!(d.repaired_lines, vec![7], "{ctx}");
    assert_eq!(
        element(&e, ElementKind::Line, 0, "#0").attr("y"),
        Some(&nums(&[2.0, 4.0, 6.0, 8.0, 11.0])),
        "{ctx}"
    );
    for (kind, key, text) in [
        (ElementKind::Title, "title", "Doubling (with a typo)"),
        (ElementKind::XLabel, "xlabel", "n"),
        (ElementKind::YLabel, "ylabel", "2n"),
    ] {
        assert_eq!(
            element(&e, kind, 0, key).attr("text"),
            Some(&s(text)),
            "{ctx}"
        );
    }
}

#[test]
fn subplots_file_elements_on_their_own_axes() {
    let src = fixture("subplots_oo_1.py");
    let e = code::extract(&src);
    let ctx = explain("subplots_oo_1.py", &src);
    let paris = element(&e, ElementKind::Bar, 0, "Paris");
    assert_eq!(paris.attr("height"), Some(&num(2.1)), "{ctx}");
    assert_eq!(
        element(&e, ElementKind::Bars, 0, "0").attr("orientation"),
        Some(&s("horizontal")),
        "{ctx}"
    );
    // Five points on an arange grid are line data, not a sampled function.
    assert_eq!(
        element(&e, ElementKind::Line, 1, "#0").attr("y"),
        Some(&nums(&[1.0, 7.0, 13.0, 19.0, 25.0])),
        "{ctx}"
    );
    assert_eq!(
        element(&e, ElementKind::Title, 1, "title").attr("text"),
        Some(&s("Growth")),
        "{ctx}"
    );
    assert_eq!(
        element(&e, ElementKind::Suptitle, 0, "suptitle").attr("text"),
        Some(&s("Two panels")),
        "{ctx}"
    );
}

/// Drop source lines: two scripts drawing the same thing differ only there.
fn without_lines(mut e: Elements) -> Elements {
    for el in &mut e.elements {
        el.line = 0;
    }
    e
}

#[test]
fn pyplot_and_object_oriented_styles_read_the_same() {
    let pyplot = "import matplotlib.pyplot as plt\n\
        plt.bar(['x', 'y'], [3, 5], color='g')\nplt.title('T')\nplt.ylabel('v')\n";
    let oo = "import matplotlib.pyplot as plt\nvals = {'x': 3, 'y': 5}\n\
        fig, ax = plt.subplots()\nax.bar(list(vals), list(vals.values()), color='green')\n\
        ax.set(title='T', ylabel='v')\n";
    let (a, b) = (
        without_lines(code::extract(pyplot)),
        without_lines(code::extract(oo)),
    );
    assert_eq!(
        a.elements,
        b.elements,
        "{}{}",
        explain("pyplot", pyplot),
        explain("oo", oo)
    );
}

#[test]
fn unresolvable_values_stay_symbolic() {
    let src = "import numpy as np\nimport matplotlib.pyplot as plt\nfrom data import load\n\
        heights = load('sales.csv')\nnoise = np.random.rand(3)\n\
        plt.bar(['a', 'b', 'c'], noise + 1)\nplt.plot(heights)\n\
        for i in range(n):\n    plt.text(i, 1, f'{i}')\n";
    let e = code::extract(src);
    let ctx = explain("inline", src);
    assert_eq!(
        element(&e, ElementKind::Bar, 0, "b").attr("height"),
        Some(&Value::Symbolic {
            expr: "noise + 1".into()
        }),
        "{ctx}"
    );
    assert_eq!(
        element(&e, ElementKind::Line, 0, "#0").attr("y"),
        Some(&Value::Symbolic {
            expr: "load('sales.csv')".into()
        }),
        "{ctx}"
    );
    let text = element(&e, ElementKind::Text, 0, "#0");
    assert_eq!(
        text.attr("text"),
        Some(&Value::Symbolic {
            expr: "f'{i}'".into()
        }),
        "{ctx}"
    );
    assert!(e.diagnostics.symbolic >= 3, "{ctx}");
    assert!(
        e.diagnostics.notes.iter().any(|n| n.contains("read once")),
        "{ctx}"
    );
}

#[test]
fn imread_and_imshow_are_shortcuts() {
    let src = "import matplotlib.pyplot as plt\nimg = plt.imread('input.png')\n\
        plt.imshow(img)\nplt.axis('off')\n";
    let e = code::extract(src);
    let ctx = explain("inline", src);
    assert_eq!(e.shortcuts.len(), 1, "{ctx}");
    assert_eq!(e.shortcuts[0].call, "matplotlib.pyplot.imread", "{ctx}");
    assert_eq!(e.shortcuts[0].source.as_deref(), Some("input.png"), "{ctx}");
    assert_eq!(e.of_kind(ElementKind::Image).count(), 1, "{ctx}");
}

#[test]
fn elements_round_trip_through_json() {
    let e = code::extract(&fixture("bench_200.py"));
    let json = serde_json::to_string(&e).unwrap();
    let back: Elements = serde_json::from_str(&json).unwrap();
    assert_eq!(back.diagnostics, e.diagnostics);
    assert_eq!(back.shortcuts, e.shortcuts);
    assert_eq!(back.elements.len(), e.elements.len());
    // serde_json (without its `float_roundtrip` feature) may move a float by one ulp:
    // attributes are compared the way the channel compares them, with its tolerance.
    for (a, b) in e.elements.iter().zip(&back.elements) {
        assert_eq!(
            (a.kind, a.axes, &a.key, &a.info, a.line),
            (b.kind, b.axes, &b.key, &b.info, b.line)
        );
        assert_eq!(a.similarity(b), 1.0, "{a:?}\n{b:?}");
    }
}

// ---- scores ----

const ORIGINAL: &str = "import matplotlib.pyplot as plt\n\
    names = ['A', 'B', 'C']\nvals = [10, 20, 30]\n\
    plt.bar(names, vals)\nplt.title('Scores')\n";

const REFERENCE: &str = "import matplotlib.pyplot as plt\n\
    names = ['A', 'B', 'C']\nvals = [10, 20, 30]\nvals[1] = 25\n\
    plt.bar(names, vals)\nplt.title('Scores')\nplt.text(1, 26, '25')\n";

fn edit(generated: &str) -> code::CodeScore {
    code::compare_edit(
        &code::extract(ORIGINAL),
        &code::extract(generated),
        &code::extract(REFERENCE),
    )
}

#[test]
fn no_op_edit_scores_zero() {
    let score = edit(ORIGINAL);
    assert_eq!(score.score, 0.0, "{score:#?}");
    assert!(score.generated_ops.is_empty());
    assert_eq!(score.reference_ops.len(), 2, "{score:#?}");
    assert!(
        score.notes.iter().any(|n| n.contains("no-op")),
        "{score:#?}"
    );
}

#[test]
fn same_edit_in_another_style_scores_one() {
    let generated = "import matplotlib.pyplot as plt\n\
        fig, ax = plt.subplots()\nax.bar(['A', 'B', 'C'], [10, 25, 30])\n\
        ax.set_title('Scores')\nax.annotate('25', (1, 26))\n";
    // `annotate` is not `text`: the label is right, the element kind is not.
    let score = edit(generated);
    assert_eq!(score.precision, 0.5, "{score:#?}");
    let generated = generated.replace("ax.annotate('25', (1, 26))", "ax.text(1, 26, '25')");
    let score = edit(&generated);
    assert_eq!(
        (score.precision, score.recall, score.score),
        (1.0, 1.0, 1.0),
        "{score:#?}"
    );
}

#[test]
fn partial_and_wrong_edits_score_in_between() {
    // Right height, no label: every generated op is right, half the reference is done.
    let partial = ORIGINAL.replace("[10, 20, 30]", "[10, 25, 30]");
    let score = edit(&partial);
    assert_eq!((score.precision, score.recall), (1.0, 0.5), "{score:#?}");
    // The wrong bar changed: nothing agrees.
    let wrong = ORIGINAL.replace("[10, 20, 30]", "[10, 20, 25]");
    let score = edit(&wrong);
    assert_eq!(score.score, 0.0, "{score:#?}");
    // The label text right, its position wrong: an addition earns its similarity.
    let misplaced = REFERENCE.replace("plt.text(1, 26, '25')", "plt.text(1, 40, '25')");
    let score = edit(&misplaced);
    let added = score
        .matches
        .iter()
        .find(|m| matches!(score.generated_ops[m.generated], EditOp::Added { .. }))
        .expect("the added text is matched");
    assert_eq!(added.credit, 0.5, "{score:#?}");
}

#[test]
fn generation_scores_by_matched_elements() {
    let reference = code::extract(REFERENCE);
    let same = code::compare_generation(&code::extract(REFERENCE), &reference);
    assert_eq!(same.score, 1.0, "{same:#?}");
    assert!(same.generated_ops.is_empty());
    // Missing the title: all generated elements right, one reference element missed.
    let no_title = REFERENCE.replace("plt.title('Scores')\n", "");
    let score = code::compare_generation(&code::extract(&no_title), &reference);
    assert_eq!(score.precision, 1.0, "{score:#?}");
    assert!(score.recall < 1.0 && score.recall > 0.8, "{score:#?}");
    assert!(
        matches!(&score.generated_ops[..], [EditOp::Removed { element }] if element.kind == ElementKind::Title),
        "{score:#?}"
    );
}

#[test]
fn generation_of_a_function_is_compared_by_values_not_text() {
    let reference = "import numpy as np\nimport matplotlib.pyplot as plt\n\
        x = np.linspace(-3, 3, 200)\nplt.plot(x, (x - 1)**2 - 2)\n";
    let generated = "import numpy as np\nimport matplotlib.pyplot as plt\n\
        f = lambda t: t*t - 2*t - 1\nxs = np.linspace(-3, 3, 101)\nplt.plot(xs, f(xs))\n";
    let score = code::compare_generation(&code::extract(generated), &code::extract(reference));
    assert_eq!(score.score, 1.0, "{score:#?}");
    let shifted = generated
        .replace("- 1\\n", "+ 1\\n")
        .replace("- 2*t - 1", "- 2*t + 1");
    let score = code::compare_generation(&code::extract(&shifted), &code::extract(reference));
    assert!(score.score < 1.0, "{score:#?}");
}

// ---- rendered views ----

#[test]
fn render_diff_shows_ops_and_a_unified_text_diff() {
    let (a, b) = (fixture("bar_pyplot_1.py"), fixture("bar_pyplot_2.py"));
    let text = code::render_diff(&a, &b, None, false);
    assert!(text.starts_with("element diff: 3 operation(s)\n"), "{text}");
    assert!(text.contains("~ bar \"C\" height: 30 -> 45"), "{text}");
    assert!(text.contains("--- old\n+++ new\n"), "{text}");
    assert!(text.contains("+heights[2] = 45"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&code::render_diff(&a, &b, None, true)).unwrap();
    assert_eq!(json["ops"].as_array().map(Vec::len), Some(3), "{json}");
    assert_eq!(json["ops"][1]["op"], "changed", "{json}");
    assert!(json["text_diff"].as_str().unwrap().contains("@@"), "{json}");
}

#[test]
fn render_diff_with_a_base_compares_the_two_edits() {
    // As `plotgrade diff REFERENCE GENERATED --base ORIGINAL` documents it.
    let text = code::render_diff(REFERENCE, REFERENCE, Some(ORIGINAL), false);
    assert!(
        text.starts_with("edit agreement: precision 1.000  recall 1.000  F1 1.000\n"),
        "{text}"
    );
    assert!(
        text.contains("[match] ~ bar \"B\" height: 20 -> 25"),
        "{text}"
    );
    assert!(text.contains("text diff, original -> reference:"), "{text}");
    // The direction matters: a generated edit doing half the reference is precise.
    let partial = ORIGINAL.replace("[10, 20, 30]", "[10, 25, 30]");
    let text = code::render_diff(REFERENCE, &partial, Some(ORIGINAL), false);
    assert!(
        text.starts_with("edit agreement: precision 1.000  recall 0.500"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&code::render_diff(
        REFERENCE,
        ORIGINAL,
        Some(ORIGINAL),
        true,
    ))
    .unwrap();
    assert_eq!(json["score"]["score"], 0.0, "{json}");
    // Regression: an empty f64 sum is -0.0 and printed as "recall -0.000".
    let text = code::render_diff(REFERENCE, ORIGINAL, Some(ORIGINAL), false);
    assert!(
        text.starts_with("edit agreement: precision 0.000  recall 0.000"),
        "{text}"
    );
    assert_eq!(json["score"]["mode"], "edit", "{json}");
    assert!(
        json["score"]["notes"][0]
            .as_str()
            .unwrap()
            .contains("no-op"),
        "{json}"
    );
}

#[test]
fn render_elements_lists_each_axes() {
    let text = code::render_elements(&code::extract(&fixture("subplots_oo_1.py")));
    assert!(text.starts_with("9 elements\naxes 0:\n"), "{text}");
    assert!(text.contains("\naxes 1:\n"), "{text}");
    assert!(text.contains("bar        Lyon"), "{text}");
}

// ---- hostile input: the grader never fails because of what a submission does ----

/// Read `src` on a thread with the default 2 MiB test stack. The bound is a hang guard
/// for the work budget (a runaway read would otherwise stall the suite), not a speed
/// measurement: `plotgrade bench` measures extraction.
fn read_hostile(src: String) -> Elements {
    let start = Instant::now();
    let e = std::thread::spawn(move || code::extract(&src))
        .join()
        .expect("extract panicked or overflowed its stack");
    assert!(start.elapsed().as_secs() < 10, "took {:?}", start.elapsed());
    e
}

#[test]
fn deep_nesting_reads_as_symbolic_instead_of_overflowing_the_stack() {
    // Guards a stack overflow in the recursive conversion and evaluation.
    let parens = format!(
        "x = {}1{}\nimport matplotlib.pyplot as plt\nplt.title('t')\n",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let e = read_hostile(parens);
    assert_eq!(
        e.of_kind(ElementKind::Title).count(),
        1,
        "{}",
        code::render_elements(&e)
    );
    let lists = format!("x = {}{}\n", "[".repeat(5000), "]".repeat(5000));
    let e = read_hostile(lists);
    assert!(
        e.diagnostics
            .notes
            .iter()
            .any(|n| n.contains("nested deeper")),
        "{:?}",
        e.diagnostics
    );
    let ifs: String = (0..300)
        .map(|i| format!("{}if True:\n", "    ".repeat(i)))
        .collect::<String>()
        + &"    ".repeat(300)
        + "pass\n";
    read_hostile(ifs);
    let sum = format!("x = {}\n", vec!["1"; 20_000].join(" + "));
    read_hostile(sum);
    // Recursion through calls, each call deep in an expression.
    let calls = format!(
        "def f(n):\n    x = {}f(n - 1){}\n    return x\nf(100)\n",
        "[".repeat(95),
        "]".repeat(95)
    );
    let e = read_hostile(calls);
    assert!(
        e.diagnostics
            .notes
            .iter()
            .any(|n| n.contains("nested deeper")),
        "{:?}",
        e.diagnostics
    );
}

#[test]
fn runaway_work_is_cut_off_with_a_note() {
    // Guards hangs: exponential recursion through a lambda, and quadratic copying.
    let fib = "f = lambda n: 1 if n < 2 else f(n - 1) + f(n - 2)\n\
        import matplotlib.pyplot as plt\nplt.title(str(f(60)))\n";
    let e = read_hostile(fib.to_string());
    assert!(
        element(&e, ElementKind::Title, 0, "title")
            .attr("text")
            .unwrap()
            .is_symbolic()
    );
    let quadratic = "big = list(range(100000))\nfor i in range(1000):\n    for j in range(1000):\n\
        big.append(i)\ns = ''\nfor i in range(1000):\n    for j in range(1000):\n        s += 'abcdefgh'\n";
    let e = read_hostile(quadratic.replace("\nbig.append", "\n        big.append"));
    assert!(
        e.diagnostics
            .notes
            .iter()
            .any(|n| n.contains("stopped reading")),
        "{:?}",
        e.diagnostics
    );
    // Repeats past the size limit stay symbolic instead of allocating gigabytes.
    let e = read_hostile("s = 'x' * 10**9\nl = [0] * 10**9\nimport matplotlib.pyplot as plt\nplt.title(s[:3])\nplt.bar(['a'], l[:1])\n".to_string());
    assert!(
        element(&e, ElementKind::Title, 0, "title")
            .attr("text")
            .unwrap()
            .is_symbolic()
    );
}

#[test]
fn oversized_source_is_an_error_not_a_panic() {
    let big = "x = 1\n".repeat(code::MAX_SOURCE_BYTES / 6 + 10);
    let err = code::try_extract(&big).unwrap_err();
    assert!(
        err.to_string().contains("over the code channel's limit"),
        "{err}"
    );
    let e = code::extract(&big);
    assert!(e.elements.is_empty());
    assert!(
        e.diagnostics
            .error
            .as_deref()
            .unwrap_or("")
            .contains("x = 1"),
        "{:?}",
        e.diagnostics
    );
}

// ---- the benchmark fixture ----

#[test]
fn bench_script_reads_without_errors() {
    let src = fixture("bench_200.py");
    let e = code::extract(&src);
    let ctx = code::render_elements(&e);
    assert_eq!(e.diagnostics.syntax_errors, 0, "{ctx}");
    assert!(e.elements.len() > 90, "{ctx}");
    assert_eq!(e.of_kind(ElementKind::Bar).count(), 32, "{ctx}");
    assert_eq!(e.of_kind(ElementKind::Function).count(), 2, "{ctx}");
    assert_eq!(
        element(&e, ElementKind::Circle, 4, "#0")
            .info
            .get("names")
            .map(String::as_str),
        Some("centred at O"),
        "{ctx}"
    );
}

#[test]
#[ignore = "debug helper: PLOTGRADE_DUMP=path [PLOTGRADE_DUMP2=path] cargo test --test integration code::dump -- --ignored --nocapture"]
fn dump() {
    let path = std::env::var("PLOTGRADE_DUMP").expect("PLOTGRADE_DUMP=path");
    let src = std::fs::read_to_string(&path).unwrap();
    println!("{}", code::render_elements(&code::extract(&src)));
    if let Ok(other) = std::env::var("PLOTGRADE_DUMP2") {
        let other = std::fs::read_to_string(other).unwrap();
        println!("{}", code::render_diff(&src, &other, None, false));
    }
}

#[test]
fn output_into_a_closed_pipe_ends_quietly_like_a_unix_filter() {
    // `plotgrade dump elements --json … | head -1`: more output than a pipe holds, and a
    // reader that is gone. The binary must end as if killed by SIGPIPE (141), without a
    // panic message.
    let dir = crate::util::tempdir();
    let body: String = (0..3000)
        .map(|i| format!("ax.text({i}, {i}, 'label number {i}')\n"))
        .collect();
    let script = crate::util::write(
        dir.path(),
        "many.py",
        &format!("import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\n{body}"),
    );
    let mut child = std::process::Command::new(crate::util::BIN)
        .args(["dump", "elements", "--json"])
        .arg(&script)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn plotgrade");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(141), "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
}
