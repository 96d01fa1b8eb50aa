//! One input through the programs: written by the generator for a seed (or a stream of
//! choices), checked by the validator, answered by the brute force, and the solution judged
//! on it against that answer as `grundy test` judges a test.

use super::programs::Ready;
use crate::judge::{JudgeError, Lane, Limits, ToolEnd, ToolRun, Verdict};
use std::path::Path;

/// The programs and limits of a stress run.
pub struct Programs {
    pub generator: Ready,
    /// `None` for an interactive problem: its interactor judges.
    pub brute: Option<Ready>,
    pub validator: Option<Ready>,
    /// For the generator and the validator.
    pub tool_limits: Limits,
    /// For the brute force: more than the solution's.
    pub brute_limits: Limits,
    /// What the saved test will be called (`stress-3`): verdicts name it.
    pub test_name: String,
}

/// What the generator wrote.
pub struct Generated {
    pub input: String,
    /// The choices it drew, when it draws them from `stress_gen` (which records them).
    pub choices: Option<Vec<u64>>,
}

/// What became of an input.
#[derive(Debug, Clone)]
pub enum Trial {
    Passed,
    Failed(Failure),
    /// It cannot be judged: the validator rejects it, or it or the brute force failed.
    Invalid(Invalid),
}

/// A failing input's verdict, and the two answers.
#[derive(Debug, Clone)]
pub struct Failure {
    pub verdict: Verdict,
    /// The brute force's answer (none for an interactive problem).
    pub answer: Option<String>,
    pub output: String,
}

#[derive(Debug, Clone)]
pub enum Invalid {
    /// The validator's message.
    Rejected(String),
    /// Which program failed, and how.
    Failed { program: String, how: String },
}

/// "exit status 1: <stderr's tail>" for a run that did not end well.
fn how(run: &ToolRun) -> String {
    let end = match &run.end {
        ToolEnd::Exited(code) => format!("exit status {code}"),
        ToolEnd::Failed(how) => how.clone(),
    };
    if run.stderr.is_empty() {
        end
    } else {
        format!("{end}: {}", run.stderr)
    }
}

/// Runs the generator as `gen SEED` with `GRUNDY_STRESS_SIZE=size`, replaying `replay` when
/// given. `Err(how)` when it failed or printed nothing.
pub fn generate(
    lane: &Lane,
    programs: &Programs,
    seed: u64,
    size: u64,
    replay: Option<&[u64]>,
) -> Result<Result<Generated, String>, JudgeError> {
    let generator = &programs.generator;
    let record = lane.file("record");
    let output = lane.file("generated");
    let _ = std::fs::remove_file(&record);
    let mut env = vec![
        ("GRUNDY_STRESS_SIZE".to_string(), size.to_string()),
        (
            "GRUNDY_STRESS_RECORD".to_string(),
            record.to_string_lossy().into_owned(),
        ),
    ];
    if let Some(choices) = replay {
        let file = lane.file("replay");
        let text: String = choices.iter().map(|c| format!("{c}\n")).collect();
        write(&file, text.as_bytes())?;
        env.push((
            "GRUNDY_STRESS_REPLAY".to_string(),
            file.to_string_lossy().into_owned(),
        ));
    }
    let mut tool = generator.tool.clone();
    tool.args.push(seed.to_string());
    let run = lane.run_tool(&tool, None, &output, &env, programs.tool_limits)?;
    if run.end != ToolEnd::Exited(0) {
        return Ok(Err(how(&run)));
    }
    let input = read(&output)?;
    if input.trim().is_empty() {
        return Ok(Err("it printed nothing".to_string()));
    }
    let choices = std::fs::read_to_string(&record).ok().map(|text| {
        text.split_whitespace()
            .filter_map(|word| word.parse().ok())
            .collect()
    });
    Ok(Ok(Generated { input, choices }))
}

/// Validates `input`, has the brute force answer it, and judges the solution on it.
pub fn judge(lane: &Lane, programs: &Programs, input: &str) -> Result<Trial, JudgeError> {
    let input_file = lane.file("input.txt");
    write(&input_file, input.as_bytes())?;
    if let Some(validator) = &programs.validator {
        let verdict = lane.file("validator.out");
        let run = lane.run_tool(
            &validator.tool,
            Some(&input_file),
            &verdict,
            &[],
            programs.tool_limits,
        )?;
        match &run.end {
            ToolEnd::Exited(0) => {}
            ToolEnd::Exited(_) => {
                let said = read(&verdict)?;
                let message = [said.trim(), run.stderr.trim()]
                    .into_iter()
                    .filter(|part| !part.is_empty())
                    .collect::<Vec<_>>()
                    .join(" / ");
                return Ok(Trial::Invalid(Invalid::Rejected(message)));
            }
            ToolEnd::Failed(_) => {
                return Ok(Trial::Invalid(Invalid::Failed {
                    program: validator.name.clone(),
                    how: how(&run),
                }))
            }
        }
    }
    let answer = match &programs.brute {
        None => None,
        Some(brute) => {
            let file = lane.file("answer.txt");
            let run = lane.run_tool(
                &brute.tool,
                Some(&input_file),
                &file,
                &[],
                programs.brute_limits,
            )?;
            let answer = read(&file)?;
            if run.end != ToolEnd::Exited(0) || answer.trim().is_empty() {
                let how = match run.end {
                    ToolEnd::Exited(0) => "it printed nothing".to_string(),
                    _ => how(&run),
                };
                return Ok(Trial::Invalid(Invalid::Failed {
                    program: brute.name.clone(),
                    how,
                }));
            }
            Some((file, answer))
        }
    };
    let judged = lane.judge(
        &programs.test_name,
        &input_file,
        answer.as_ref().map(|(file, _)| file.as_path()),
    )?;
    Ok(match judged.verdict {
        Verdict::Accepted => Trial::Passed,
        verdict => Trial::Failed(Failure {
            verdict,
            answer: answer.map(|(_, text)| text),
            output: judged.output,
        }),
    })
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), JudgeError> {
    std::fs::write(path, bytes).map_err(|source| JudgeError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// A file's text; bytes that are not UTF-8 become U+FFFD (inputs are text).
fn read(path: &Path) -> Result<String, JudgeError> {
    std::fs::read(path)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .map_err(|source| JudgeError::Io {
            path: path.to_path_buf(),
            source,
        })
}
