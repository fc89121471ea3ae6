//! `bench`: runs the measurements of `crate::bench` and prints them.

use super::ExitCode;

use anyhow::{Context, Result, bail};

use super::BenchArgs;
use crate::exec::{ExecConfig, Job, Limits, Pool, Status};

pub(super) fn bench(args: &BenchArgs) -> Result<ExitCode> {
    if args.scripts < 5 {
        bail!(
            "--scripts must be at least 5 (one per figure type), got {}",
            args.scripts
        );
    }
    let config = ExecConfig::from_env(1, Limits::default())?;
    let b = crate::bench::exec_bench(
        &config,
        args.scripts,
        args.process_sample,
        args.rounds,
        |msg| eprintln!("bench: {msg}"),
    )?;
    print_executor(&b);
    let c = channels()?;
    let (p, one, group) = if args.pipeline > 0 {
        (
            Some(pipeline(args, &config)?),
            Some(one_at_a_time(args, &config)?),
            Some(group(args)?),
        )
    } else {
        (None, None, None)
    };
    if let Some(path) = &args.json {
        let all = serde_json::json!({ "executor": b, "channels": c, "pipeline": p, "one_at_a_time": one, "group": group });
        std::fs::write(path, serde_json::to_string_pretty(&all)? + "\n")
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// One measurement: its median and [min–max] over rounds.
fn show(what: &str, m: (f64, f64, f64), unit: &str, note: &str) {
    println!(
        "  {what:<31}{:7.2}{unit} [{:.2}–{:.2}]{note}",
        m.0, m.1, m.2
    );
}

/// The executor's figures/s against its floors.
fn print_executor(b: &crate::bench::ExecBench) {
    println!(
        "executor: {} scripts, {} figures (bar, line, pie, geometry, function); {} round(s), \
         median [min–max] over rounds",
        b.scripts,
        b.figures,
        b.rounds.len()
    );
    show(
        "plotgrade --jobs 1",
        b.median(|r| r.jobs1_fps),
        " figures/s",
        &format!("   (pool start {:.2} s, not counted)", b.pool_start_s),
    );
    show(
        "plotgrade --jobs 2",
        b.median(|r| r.jobs2_fps),
        " figures/s",
        "",
    );
    if b.rounds.iter().all(|r| r.one_core_fps.is_some()) {
        show(
            "plotgrade --jobs 1, one core",
            b.median(|r| r.one_core_fps.unwrap_or(f64::NAN)),
            " figures/s",
            "   (pool, children and parent held to one core)",
        );
    }
    show(
        "python script.py per script",
        b.median(|r| r.process_fps),
        " figures/s",
        &format!("   ({} scripts a round)", b.process_sample),
    );
    show(
        "in-process loop (floor)",
        b.median(|r| r.floor_fps),
        " figures/s",
        "",
    );
    let p = b.phases_ms;
    println!(
        "  per job (--jobs 1, ms): exec {:.1}, render {:.1}, scene {:.1}, in child {:.1}, job sent to figures read {:.1} (overlaps the next job)",
        p[0], p[1], p[2], p[3], p[4]
    );
    println!(
        "  page faults per job: --jobs 1 {:.0}, --jobs 2 {:.0} (copy-on-write copies and first touches, job and reader; PLOTGRADE_PREWARM=1 copies them ahead)",
        b.faults_jobs1, b.faults_jobs2
    );
    show(
        "--jobs 1 time / floor time",
        b.median(|r| r.jobs1_over_floor()),
        "x",
        "   (target <= 1.5)",
    );
    show(
        "--jobs 1 vs process-per-script",
        b.median(|r| r.jobs1_vs_process()),
        "x",
        "   faster (target >= 10)",
    );
    show(
        "--jobs 2 vs --jobs 1",
        b.median(|r| r.jobs2_vs_jobs1()),
        "x",
        "   (one slot already keeps two cores busy)",
    );
    if b.rounds.iter().all(|r| r.one_core_fps.is_some()) {
        show(
            "two cores vs one core",
            b.median(|r| r.two_cores_vs_one().unwrap_or(f64::NAN)),
            "x",
            "   (the faster of --jobs 1 and 2 over --jobs 1 on one core; target >= 1.7)",
        );
    }
}

/// Channel timings on three 600×400 bar charts: original, one bar changed, reference.
fn channels() -> Result<crate::bench::ChannelBench> {
    let pool = Pool::start(ExecConfig::from_env(1, Limits::default())?)?;
    let bar = |h: u32| {
        Job::new(
            "b.py",
            format!(
                "import matplotlib.pyplot as plt\nplt.figure(figsize=(6, 4))\nplt.bar(['a', 'b', 'c', 'd'], [3, {h}, 5, 2])\n"
            ),
        )
    };
    let outs = pool.run(vec![bar(4), bar(6), bar(7)], |_, _| {});
    if let Some(o) = outs.iter().find(|o| o.status != Status::Ok) {
        bail!("bench figure did not render: {}", o.summary());
    }
    let fig = |i: usize| (outs[i].pngs[0].as_slice(), &outs[i].scene);
    let c = crate::bench::channel_bench([fig(0), fig(1), fig(2)])?;
    println!("channels (ms per call):");
    println!(
        "  code: extract {} lines          {:7.2}",
        c.code_lines, c.code_extract_ms
    );
    println!("  image: decode a 600x400 PNG       {:7.2}", c.decode_ms);
    println!("  image: RMS 600x400                {:7.2}", c.rms_ms);
    println!("  image: SSIM grey 600x400          {:7.2}", c.ssim_grey_ms);
    println!(
        "  image: SSIM colour hybrid 600x400 {:7.2}",
        c.ssim_hybrid_ms
    );
    println!(
        "  image: edit region (3 figures)    {:7.2}",
        c.edit_region_ms
    );
    println!(
        "  figure: match + diff two scenes   {:7.3}",
        c.figure_diff_ms
    );
    println!(
        "  figure: edit comparison           {:7.3}",
        c.figure_edit_ms
    );
    Ok(c)
}

/// The whole pipeline, cold and warm, at --jobs 1 and 2, against the in-process and
/// fork-per-job loops.
fn pipeline(args: &BenchArgs, config: &ExecConfig) -> Result<crate::bench::PipelineBench> {
    eprintln!(
        "bench: whole pipeline, {} submissions, --jobs 1 and 2",
        args.pipeline
    );
    let p = crate::bench::pipeline_bench(config, &args.suite, args.pipeline)?;
    println!(
        "pipeline: {} labelled submissions (submissions/s; cold = references run too)",
        p.submissions
    );
    println!(
        "  plotgrade grade --jobs 1 {:8.1} cold {:8.1} warm",
        p.jobs1_sps, p.jobs1_warm_sps
    );
    println!(
        "  plotgrade grade --jobs 2 {:8.1} cold {:8.1} warm",
        p.jobs2_sps, p.jobs2_warm_sps
    );
    println!(
        "  in-process loop (floor)  {:8.1} on the same submissions' code",
        p.floor_sps
    );
    println!(
        "  the loop, a fork a script {:7.1} ({:.2}x the floor's time: a fresh process per job, before walls, a reader or grading)",
        p.fork_floor_sps,
        p.fork_floor_over_floor()
    );
    println!(
        "  --jobs 1 time / floor time {:6.2}x   (references warm; no target: a grader that isolates each job pays the fork loop)",
        p.jobs1_over_floor()
    );
    println!(
        "  --jobs 1 time / fork loop  {:6.2}x   (references warm: what walls, reader and grading add; target <= 1.25)",
        p.jobs1_over_fork_floor()
    );
    println!(
        "  --jobs 2 vs --jobs 1       {:6.2}x   (references warm; one slot already keeps two cores busy)",
        p.jobs2_vs_jobs1()
    );
    if let (Some(one), Some(ratio)) = (p.one_core_warm_sps, p.two_cores_vs_one()) {
        println!(
            "  two cores vs one core      {ratio:6.2}x   (references warm; --jobs 1 on one core {one:.1}/s; target >= 1.7)"
        );
    }
    for (jobs, costs, sps, cores, parent_cpu) in [
        (
            1,
            &p.jobs1_costs,
            p.jobs1_warm_sps,
            p.jobs1_cores,
            p.jobs1_parent_cpu_ms,
        ),
        (
            2,
            &p.jobs2_costs,
            p.jobs2_warm_sps,
            p.jobs2_cores,
            p.jobs2_parent_cpu_ms,
        ),
    ] {
        print_costs(jobs, costs, sps, cores, parent_cpu);
    }
    Ok(p)
}

/// One submission at a time on a long-lived grader against a bare job.
fn one_at_a_time(args: &BenchArgs, config: &ExecConfig) -> Result<crate::bench::OneAtATimeBench> {
    let n = args.pipeline.min(60);
    eprintln!("bench: one submission at a time on a long-lived grader, {n} submissions");
    let o = crate::bench::one_at_a_time_bench(config, &args.suite, n)?;
    println!(
        "one at a time (plotgrade.Grader, references warm): {} submissions",
        o.submissions
    );
    println!(
        "  grade_one {:7.1} ms; the same code as a bare job {:7.1} ms: {:.2}x (target <= 2)",
        o.grade_one_ms,
        o.job_ms,
        o.grade_one_over_job()
    );
    println!(
        "  pool start {:6.0} ms: paid by every CLI call, once by a Grader",
        o.pool_start_ms
    );
    Ok(o)
}

/// A GRPO-style group of answers to one task as one batch against bare jobs.
fn group(args: &BenchArgs) -> Result<crate::bench::GroupBench> {
    let workers = ExecConfig::from_env(2, Limits::default())?;
    eprintln!(
        "bench: a group of {} answers to one task as one batch, 2 workers",
        args.group
    );
    let g = crate::bench::group_bench(
        &workers,
        &args.suite,
        usize::from(args.group),
        args.rounds.max(1),
    )?;
    println!(
        "group reward (Grader.grade_batch, {} answers to {}, {} workers, references warm)",
        g.answers, g.task, g.workers
    );
    println!(
        "  batch {:7.1} ms; the same code as bare jobs over the same workers {:7.1} ms: {:.2}x (median of {} rounds; target <= 1.2)",
        g.batch_ms, g.bare_ms, g.ratio, g.rounds
    );
    Ok(g)
}

/// Per-submission stage costs and CPU shares of one warm pipeline run.
fn print_costs(
    jobs: usize,
    costs: &crate::grade::costs::StageCosts,
    sps: f64,
    cores: f64,
    parent_cpu: f64,
) {
    let n = costs.submissions.max(1) as f64;
    let stages: Vec<String> = costs
        .stages()
        .iter()
        .map(|(name, ms)| format!("{name} {:.1}", ms / n))
        .collect();
    println!(
        "  per submission, --jobs {jobs} warm (ms; exec is the workers' wall time, the rest the grading thread's CPU): {}",
        stages.join(", ")
    );
    println!(
        "    CPU {:.0} ms a submission (all processes; cores busy {:.2}); the parent's own work {:.1} ms = {:.0}% of it (target <= 10%); the parent process in all {:.1} ms = {:.0}% (its slot and pipe threads too)",
        1000.0 * cores / sps.max(f64::MIN_POSITIVE),
        cores,
        costs.parent_ms() / n,
        100.0 * crate::bench::parent_share(costs, sps, cores),
        parent_cpu,
        100.0 * parent_cpu * sps / (1000.0 * cores).max(f64::MIN_POSITIVE)
    );
}
