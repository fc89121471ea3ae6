//! The prompt a model is shown for a task, as MathOPEval shows it: the instruction, and
//! the pictures and code the paper gives a model (never the reference script).
//!
//! - generation: the instruction and the picture of the figure to draw;
//! - deletion and modification: the original script, its picture, the instruction, and the
//!   picture after the edit;
//! - annotation: the original script, its picture and the instruction.
//!
//! The wording around the instruction is plotgrade's own (the paper does not print its
//! template); what a model may see is the paper's. Pictures are the pinned renders that
//! `plotgrade tasks render` writes beside each script (`<state>.png`).

use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::{Value, json};

use super::{AidQuestion, Kind, Task};

/// What a picture in a prompt shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ImageRole {
    /// The figure to draw (generation).
    Target,
    /// The figure the original script draws (edits).
    Original,
    /// The figure after the edit (deletion, modification).
    Edited,
}

/// A picture of a prompt: its role and its path, relative to the suite root.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PromptImage {
    pub role: ImageRole,
    pub path: PathBuf,
}

/// One task's prompt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Prompt {
    /// The task's position in its tasks file (0-based): what lm-eval calls `doc_id` and
    /// VLMEvalKit `index` when the prompts are its dataset.
    pub index: usize,
    pub id: String,
    pub kind: Kind,
    pub figure: String,
    /// The text: the pictures are referred to as "image 1", "image 2" in `images` order.
    pub prompt: String,
    pub images: Vec<PromptImage>,
}

/// The rendered picture of a script: `<state>.png` beside `<state>.py`.
pub fn picture_of(script: &Path) -> PathBuf {
    script.with_extension("png")
}

/// The prompt of `task` (at `index` in its file), its scripts and pictures under `root`.
/// Errors name a missing picture or an unreadable original.
pub fn prompt(task: &Task, index: usize, root: &Path) -> Result<Prompt, String> {
    let image = |role, script: &Path| -> Result<PromptImage, String> {
        let path = picture_of(script);
        if !root.join(&path).is_file() {
            return Err(format!(
                "{}: no picture {} (render the suite's pictures with `plotgrade tasks render {}`)",
                task.id,
                root.join(&path).display(),
                root.join(script)
                    .parent()
                    .and_then(Path::parent)
                    .unwrap_or(root)
                    .display()
            ));
        }
        Ok(PromptImage { role, path })
    };
    let instruction = task.instruction.trim();
    if let Some(q) = &task.question {
        return question_prompt(task, q, index, root, image);
    }
    let reply = "Reply with the complete Python script (matplotlib) in one ```python code block.";
    // Only a question's aid may have no reference, and it returned above.
    let reference = task
        .reference
        .as_deref()
        .ok_or_else(|| format!("{}: the task has no reference script", task.id))?;
    let (text, images) = match (&task.original, task.kind) {
        (None, _) | (_, Kind::Generation) => (
            format!("Image 1 shows a figure.\n\n{instruction}\n\n{reply}"),
            vec![image(ImageRole::Target, reference)?],
        ),
        (Some(original), kind) => {
            let path = root.join(original);
            let code = std::fs::read_to_string(&path)
                .map_err(|e| format!("{}: cannot read {}: {e}", task.id, path.display()))?;
            let mut images = vec![image(ImageRole::Original, original)?];
            let after = if matches!(kind, Kind::Deletion | Kind::Modification) {
                images.push(image(ImageRole::Edited, reference)?);
                "\n\nImage 2 shows the figure after the edit."
            } else {
                ""
            };
            (
                format!(
                    "This Python script draws the figure in image 1:\n\n```python\n{}\n```\n\n{instruction}{after}\n\nEdit the script. {reply}",
                    code.trim_end()
                ),
                images,
            )
        }
    };
    Ok(Prompt {
        index,
        id: task.id.clone(),
        kind: task.kind,
        figure: task.figure.as_str().to_string(),
        prompt: text,
        images,
    })
}

/// The prompt of a task that asks a question: the question, its options, the aid to draw
/// (the instruction), and the answer format. The reference aid's picture is never shown
/// (drawing it is the model's work); an edit shows the original script and its picture.
fn question_prompt(
    task: &Task,
    q: &AidQuestion,
    index: usize,
    root: &Path,
    image: impl Fn(ImageRole, &Path) -> Result<PromptImage, String>,
) -> Result<Prompt, String> {
    let mut text = String::new();
    let mut images = Vec::new();
    if let Some(original) = &task.original {
        let path = root.join(original);
        let code = std::fs::read_to_string(&path)
            .map_err(|e| format!("{}: cannot read {}: {e}", task.id, path.display()))?;
        images.push(image(ImageRole::Original, original)?);
        text.push_str(&format!(
            "This Python script draws the figure in image 1:\n\n```python\n{}\n```\n\n",
            code.trim_end()
        ));
    }
    text.push_str(&format!("Question: {}\n", q.text.trim()));
    for (i, o) in q.options.iter().enumerate() {
        text.push_str(&format!("{}. {}\n", q.numbering.label(i), o.trim()));
    }
    let field = if q.options.is_empty() {
        "\"answer\": <your answer>"
    } else {
        "\"selected_option\": <the option's name>"
    };
    text.push_str(&format!(
        "\nFirst draw a visual aid that helps answer it: {}\nReply with the complete Python script (matplotlib) in one ```python code block, then end with your final answer as\n<<FINAL>> {{{field}}}",
        task.instruction.trim()
    ));
    Ok(Prompt {
        index,
        id: task.id.clone(),
        kind: task.kind,
        figure: task.figure.as_str().to_string(),
        prompt: text,
        images,
    })
}

/// Every task's prompt in the suite whose tasks file is `tasks`, in the file's order, the
/// pictures by absolute path. Errors name the bad file, line or picture.
pub fn suite_prompts(tasks: &Path) -> Result<Vec<Prompt>, String> {
    let suite_dir = tasks.parent().unwrap_or(Path::new("."));
    let root = super::suite_root(suite_dir).map_err(|e| e.to_string())?;
    let loaded = super::load_tasks(tasks, &root)
        .into_result()
        .map_err(|e| e.to_string())?;
    let root = root
        .canonicalize()
        .map_err(|e| format!("cannot resolve {}: {e}", root.display()))?;
    loaded
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let mut p = prompt(t, i, &root)?;
            for image in &mut p.images {
                image.path = root.join(&image.path);
            }
            Ok(p)
        })
        .collect()
}

impl Prompt {
    /// A line of `prompts.jsonl`: `{index, id, kind, figure, prompt, images, image_roles}`,
    /// pictures as the paths they carry.
    pub fn line(&self) -> Value {
        json!({
            "index": self.index,
            "id": self.id,
            "kind": self.kind,
            "figure": self.figure,
            "prompt": self.prompt,
            "images": self.images.iter().map(|i| &i.path).collect::<Vec<_>>(),
            "image_roles": self.images.iter().map(|i| i.role).collect::<Vec<_>>(),
        })
    }
}
