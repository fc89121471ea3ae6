//! The benchmark's fixed corpus: small scripts of the five MathOPEval figure types.
//!
//! Generated, not stored: `corpus(n)` gives the same `n` scripts on every call (values
//! come from a fixed linear congruential sequence), cycling bar, line, pie, geometry and
//! function plots in the styles models write (pyplot and `fig, ax` forms).

/// A tiny deterministic number source for varying the scripts (not for statistics).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn int(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

const CATEGORIES: &[&str] = &[
    "North", "South", "East", "West", "Central", "Online", "Export",
];
const COLOURS: &[&str] = &[
    "tab:blue",
    "tab:orange",
    "tab:green",
    "#8c564b",
    "purple",
    "teal",
];

/// `n` scripts, named `bar-000.py`, `line-001.py`, … in a fixed order.
pub fn corpus(n: usize) -> Vec<(String, String)> {
    let mut rng = Lcg(0x5eed);
    (0..n)
        .map(|i| {
            let (kind, code) = match i % 5 {
                0 => ("bar", bar(&mut rng)),
                1 => ("line", line(&mut rng)),
                2 => ("pie", pie(&mut rng)),
                3 => ("geometry", geometry(&mut rng)),
                _ => ("function", function(&mut rng)),
            };
            (format!("{kind}-{i:03}.py"), code)
        })
        .collect()
}

fn bar(r: &mut Lcg) -> String {
    let k = r.int(3, 6) as usize;
    let cats: Vec<String> = CATEGORIES[..k].iter().map(|c| format!("{c:?}")).collect();
    let vals: Vec<String> = (0..k).map(|_| r.int(5, 60).to_string()).collect();
    let colour = COLOURS[r.int(0, 5) as usize];
    format!(
        "import matplotlib.pyplot as plt\n\nregions = [{}]\nsales = [{}]\nfig, ax = plt.subplots(figsize=(6, 4))\nbars = ax.bar(regions, sales, color='{colour}')\nax.bar_label(bars)\nax.set_title('Quarterly sales by region')\nax.set_ylabel('Units (thousands)')\nplt.tight_layout()\nplt.show()\n",
        cats.join(", "),
        vals.join(", ")
    )
}

fn line(r: &mut Lcg) -> String {
    let k = r.int(5, 9);
    let ys: Vec<String> = (0..k).map(|_| r.int(10, 40).to_string()).collect();
    let marker = ["o", "s", "^", "D"][r.int(0, 3) as usize];
    format!(
        "import matplotlib.pyplot as plt\n\nyears = list(range(2015, {}))\ntemps = [{}]\nplt.figure(figsize=(6, 4))\nplt.plot(years, temps, marker='{marker}', linestyle='--', label='mean')\nfor x, y in zip(years, temps):\n    plt.text(x, y + 0.5, str(y), ha='center')\nplt.xlabel('Year')\nplt.ylabel('Temperature (°C)')\nplt.legend()\nplt.grid(True)\n",
        2015 + k,
        ys.join(", ")
    )
}

fn pie(r: &mut Lcg) -> String {
    let k = r.int(3, 5) as usize;
    let labels: Vec<String> = ["Rent", "Food", "Travel", "Savings", "Leisure"][..k]
        .iter()
        .map(|c| format!("{c:?}"))
        .collect();
    let vals: Vec<String> = (0..k).map(|_| r.int(5, 40).to_string()).collect();
    format!(
        "import matplotlib.pyplot as plt\n\nshares = [{}]\nlabels = [{}]\nfig, ax = plt.subplots(figsize=(5, 5))\nax.pie(shares, labels=labels, autopct='%1.1f%%', startangle=90)\nax.set_title('Monthly budget')\nax.axis('equal')\n",
        vals.join(", "),
        labels.join(", ")
    )
}

fn geometry(r: &mut Lcg) -> String {
    let (ax, ay) = (0, 0);
    let (bx, by) = (r.int(5, 9), 0);
    let (cx, cy) = (r.int(1, 4), r.int(3, 6));
    format!(
        "import matplotlib.pyplot as plt\nfrom matplotlib.patches import Polygon\n\nA, B, C = ({ax}, {ay}), ({bx}, {by}), ({cx}, {cy})\nfig, ax = plt.subplots(figsize=(5, 5))\nax.add_patch(Polygon([A, B, C], closed=True, fill=False, edgecolor='black'))\nM = ((B[0] + C[0]) / 2, (B[1] + C[1]) / 2)\nax.plot([A[0], M[0]], [A[1], M[1]], 'b--')\nfor name, (x, y) in {{'A': A, 'B': B, 'C': C, 'M': M}}.items():\n    ax.text(x, y + 0.2, name, fontsize=12)\nax.set_xlim(-1, 10)\nax.set_ylim(-1, 7)\nax.set_aspect('equal')\nax.axis('off')\n"
    )
}

fn function(r: &mut Lcg) -> String {
    let a = r.int(1, 3);
    let b = r.int(0, 4) as i64 - 2;
    let expr = match r.int(0, 2) {
        0 => format!("{a} * x**2 + {b}"),
        1 => format!("np.sin({a} * x) + {b}"),
        _ => format!("x**3 / {a} - {b} * x"),
    };
    format!(
        "import numpy as np\nimport matplotlib.pyplot as plt\n\nx = np.linspace(-5, 5, 400)\ny = {expr}\nfig, ax = plt.subplots(figsize=(6, 4))\nax.plot(x, y, label='y = {expr}')\nax.axhline(0, color='gray', linewidth=0.8)\nax.axvline(0, color='gray', linewidth=0.8)\nax.set_xlim(-5, 5)\nax.legend()\nax.set_title('Function plot')\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corpus_is_fixed_and_covers_five_types() {
        let a = corpus(200);
        assert_eq!(a, corpus(200));
        assert_eq!(a.len(), 200);
        for kind in ["bar", "line", "pie", "geometry", "function"] {
            assert_eq!(
                a.iter().filter(|(n, _)| n.starts_with(kind)).count(),
                40,
                "{kind}"
            );
        }
    }
}
