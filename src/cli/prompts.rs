//! `plotgrade prompts`: a suite's prompts for the tools that ask models, so that what they
//! write comes back to `plotgrade grade` with its task ids (docs/integrations.md).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use base64::Engine;
use clap::Args;
use serde_json::json;

use super::ExitCode;
use crate::task;

#[derive(Debug, Args)]
pub(super) struct PromptsArgs {
    /// tasks.jsonl of the suite (its pictures rendered: `plotgrade tasks render`).
    #[arg(long)]
    tasks: PathBuf,
    /// Directory to write prompts.jsonl, lm-eval/ and vlmevalkit/ into (created).
    #[arg(long)]
    out: PathBuf,
    /// The name of the lm-eval task and of the VLMEvalKit dataset [default: plotgrade_
    /// and the suite's directory name].
    #[arg(long)]
    name: Option<String>,
}

pub(super) fn prompts(args: &PromptsArgs) -> Result<ExitCode> {
    let name = dataset_name(args)?;
    let prompts = task::suite_prompts(&args.tasks).map_err(anyhow::Error::msg)?;
    std::fs::create_dir_all(args.out.join("lm-eval"))
        .and_then(|()| std::fs::create_dir_all(args.out.join("vlmevalkit")))
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    let out = args
        .out
        .canonicalize()
        .with_context(|| format!("cannot resolve {}", args.out.display()))?;

    // prompts.jsonl: one line per task in the suite's order, pictures by absolute path.
    let mut lines = String::new();
    for p in &prompts {
        lines.push_str(&p.line().to_string());
        lines.push('\n');
    }
    let jsonl = out.join("prompts.jsonl");
    write(&jsonl, lines.as_bytes())?;

    // lm-eval: a task directory for --include_path; its docs are prompts.jsonl, so each
    // logged sample carries its task id as doc.id (plotgrade's default mapping).
    let yaml = LM_EVAL_YAML
        .replace("{name}", &name)
        .replace("{data}", &yaml_string(&jsonl.to_string_lossy()));
    write(
        &out.join("lm-eval").join(format!("{name}.yaml")),
        yaml.as_bytes(),
    )?;
    write(
        &out.join("lm-eval").join("utils.py"),
        LM_EVAL_UTILS.as_bytes(),
    )?;

    // VLMEvalKit: a custom TSV dataset (put it in $LMUData); `id` is a column, so the
    // predictions file it writes maps back by id (plotgrade's default for tables).
    let tsv = vlmevalkit_tsv(&prompts)?;
    write(
        &out.join("vlmevalkit").join(format!("{name}.tsv")),
        tsv.as_bytes(),
    )?;
    println!(
        "{} prompts of {} → {}\n  lm-eval:    lm_eval --include_path {} --tasks {name} --log_samples …\n  VLMEvalKit: copy {} into $LMUData, then run.py --data {name} …\n  then:       plotgrade grade --tasks {} --submissions <what the tool wrote> --out RUN_DIR",
        prompts.len(),
        args.tasks.display(),
        jsonl.display(),
        out.join("lm-eval").display(),
        out.join("vlmevalkit").join(format!("{name}.tsv")).display(),
        args.tasks.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// The lm-eval task's and VLMEvalKit dataset's name: `--name`, else `plotgrade_` and the
/// suite's directory name; letters, digits, `_` or `-` only.
fn dataset_name(args: &PromptsArgs) -> Result<String> {
    let name = match &args.name {
        Some(n) => n.clone(),
        None => {
            let suite = args
                .tasks
                .parent()
                .and_then(Path::file_name)
                .map_or("suite".into(), |n| n.to_string_lossy().into_owned());
            format!("plotgrade_{}", suite.replace(['-', '.', ' '], "_"))
        }
    };
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        bail!("--name must be letters, digits, `_` or `-`; got {name:?}");
    }
    Ok(name)
}

/// VLMEvalKit's TSV of the prompts: one row per task, its pictures inlined as base64 (a
/// JSON list when there are several) beside their paths.
fn vlmevalkit_tsv(prompts: &[task::Prompt]) -> Result<String> {
    let mut tsv = String::from("index\tid\tkind\tfigure\tquestion\timage\timage_path\n");
    for p in prompts {
        let mut images = Vec::new();
        for i in &p.images {
            let bytes = std::fs::read(&i.path)
                .with_context(|| format!("cannot read {}", i.path.display()))?;
            images.push(base64::engine::general_purpose::STANDARD.encode(bytes));
        }
        let paths: Vec<String> = p
            .images
            .iter()
            .map(|i| i.path.to_string_lossy().into_owned())
            .collect();
        let (image, image_path) = if images.len() == 1 {
            (images[0].clone(), paths[0].clone())
        } else {
            (json!(images).to_string(), json!(paths).to_string())
        };
        tsv.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\t{image}\t{image_path}\n",
            p.index,
            p.id,
            p.kind.as_str(),
            p.figure,
            tsv_cell(&p.prompt)
        ));
    }
    Ok(tsv)
}

fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

/// A double-quoted YAML scalar.
fn yaml_string(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

/// A TSV cell as pandas (VLMEvalKit's reader, `read_csv(sep='\t')`) reads it back: a cell
/// with a tab, a newline or a quote is quoted, its quotes doubled.
fn tsv_cell(s: &str) -> String {
    if s.contains(['\t', '\n', '\r', '"']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

const LM_EVAL_YAML: &str = r#"# Written by `plotgrade prompts`: MathOPEval-style prompts of a plotgrade suite.
# Run:    lm_eval --model <a multimodal model> --include_path <this directory> --tasks {name} \
#           --log_samples --output_path out/
# Grade:  plotgrade grade --tasks <the suite's tasks.jsonl> --submissions out/<model>/samples_{name}_<time>.jsonl --out RUN_DIR
# Each logged sample keeps its doc, so its task id (doc.id) maps back with no flag.
task: {name}
dataset_path: json
dataset_kwargs:
  data_files:
    test: {data}
test_split: test
output_type: generate_until
doc_to_text: !function utils.doc_to_text
doc_to_image: !function utils.doc_to_image
doc_to_target: id
generation_kwargs:
  until: []
  max_gen_toks: 4096
  do_sample: false
# plotgrade grades the answers: lm-eval only collects them.
metric_list:
  - metric: bypass
metadata:
  version: 1.0
"#;

const LM_EVAL_UTILS: &str = r#""""Written by `plotgrade prompts`: what lm-eval shows a model for each task."""


def doc_to_text(doc):
    return doc["prompt"]


def doc_to_image(doc):
    from PIL import Image  # lm-eval's multimodal models bring Pillow

    return [Image.open(path).convert("RGB") for path in doc["images"]]
"#;
