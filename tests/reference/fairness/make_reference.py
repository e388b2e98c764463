"""Independent reference for the fairness metrics: writes decisions files and the results SciPy gives for them.

Run with python3 and SciPy (`python3 make_reference.py`); the Vitest suite compares Steward's results with
expected-*.json to 1e-9. Written apart from the TypeScript (different language, SciPy's Fisher test and a
plain Wilson formula) so that a mistake in one is caught by the other.
"""
import csv, json, math, random
from scipy.stats import fisher_exact, norm

Z = norm.ppf(0.975)

def wilson(pos, n):
    p = pos / n
    denom = 1 + Z * Z / n
    center = (p + Z * Z / (2 * n)) / denom
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / denom
    return max(0.0, center - half), min(1.0, center + half)

def category(name, rows, key, n, has_label):
    groups, unknown = {}, 0
    for r in rows:
        g = key(r)
        if g is None:
            unknown += 1
            continue
        t = groups.setdefault(g, dict(count=0, pos=0, ap=0, tp=0, an=0, fp=0))
        t["count"] += 1
        t["pos"] += r["positive"]
        if r["label"] == 1:
            t["ap"] += 1; t["tp"] += r["positive"]
        elif r["label"] == 0:
            t["an"] += 1; t["fp"] += r["positive"]
    included = {g: t for g, t in groups.items() if t["count"] / n >= 0.02}
    best = None
    for g in sorted(included, key=lambda g: (-included[g]["pos"] / included[g]["count"], -included[g]["count"], g)):
        best = g; break
    best_rate = included[best]["pos"] / included[best]["count"] if best else 0
    out = []
    for g, t in groups.items():
        excluded = g not in included
        small = excluded or t["count"] < 30
        rate = t["pos"] / t["count"]
        lo, hi = wilson(t["pos"], t["count"])
        ir = None if excluded or best is None or best_rate == 0 else rate / best_rate
        pv = None
        if not excluded and g != best:
            b = included[best]
            pv = float(fisher_exact([[t["pos"], t["count"] - t["pos"]], [b["pos"], b["count"] - b["pos"]]]).pvalue)
        row = dict(group=g, count=t["count"], share=t["count"] / n, positives=t["pos"], rate=rate, ci_low=lo, ci_high=hi,
                   impact_ratio=ir, excluded=excluded, small=small, adverse_impact=(not small and ir is not None and ir < 0.8), p_value=pv)
        if has_label:
            row["tpr"] = t["tp"] / t["ap"] if t["ap"] else None
            row["fpr"] = t["fp"] / t["an"] if t["an"] else None
        out.append(row)
    def spread(vals):
        vals = [v for v in vals if v is not None]
        if not vals: return None, None
        return max(vals) - min(vals), (min(vals) / max(vals) if max(vals) > 0 else None)
    dp = spread([t["pos"] / t["count"] for t in included.values()])
    tpr = spread([t["tp"] / t["ap"] if t["ap"] else None for t in included.values()]) if has_label else (None, None)
    fpr = spread([t["fp"] / t["an"] if t["an"] else None for t in included.values()]) if has_label else (None, None)
    eod = None if tpr[0] is None or fpr[0] is None else max(tpr[0], fpr[0])
    eor = None if tpr[1] is None or fpr[1] is None else min(tpr[1], fpr[1])
    metrics = dict(demographic_parity_difference=dp[0], demographic_parity_ratio=dp[1], equal_opportunity_difference=tpr[0],
                   equal_opportunity_ratio=tpr[1], equalized_odds_difference=eod, equalized_odds_ratio=eor)
    return dict(category=name, unknown=unknown, most_selected=best, metrics=metrics, groups=sorted(out, key=lambda r: r["group"]))

def results(raw, outcome_type, has_label):
    rows = []
    for r in raw:
        o = r["outcome"].strip()
        if o == "": continue
        if outcome_type == "score":
            try: v = float(o)
            except ValueError: continue
            if not math.isfinite(v): continue
        else:
            v = 1 if o == "1" else 0
        lab = r.get("label", "").strip()
        rows.append(dict(value=v, label=1 if lab == "1" else 0 if lab == "0" else None, sex=r["sex"].strip() or None, race=r["race_ethnicity"].strip() or None))
    n = len(rows)
    median = None
    if outcome_type == "score":
        s = sorted(r["value"] for r in rows)
        median = s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
    for r in rows:
        r["positive"] = int(r["value"] > median) if outcome_type == "score" else r["value"]
    cats = [category("sex", rows, lambda r: r["sex"], n, has_label),
            category("race_ethnicity", rows, lambda r: r["race"], n, has_label),
            category("sex_race_ethnicity", rows, lambda r: f"{r['sex']} × {r['race']}" if r["sex"] and r["race"] else None, n, has_label)]
    res = dict(sample_size=n, outcome_type=outcome_type, categories=cats)
    if median is not None: res["median_score"] = median
    return res

def write(name, outcome_type, n, seed, bias):
    rnd = random.Random(seed)
    races = [("White", 0.5), ("Black", 0.2), ("Hispanic or Latino", 0.18), ("Asian", 0.1), ("Native Hawaiian or Pacific Islander", 0.015), ("", 0.005)]
    sexes = [("Female", 0.48), ("Male", 0.5), ("", 0.02)]
    pick = lambda opts: rnd.choices([o for o, _ in opts], [w for _, w in opts])[0]
    raw = []
    for _ in range(n):
        sex, race = pick(sexes), pick(races)
        base = 0.45 - (bias if sex == "Female" else 0) - (bias if race == "Black" else 0)
        label = 1 if rnd.random() < 0.5 else 0
        if outcome_type == "score":
            out = "" if rnd.random() < 0.003 else f"{round(rnd.gauss(base + 0.1 * label, 0.2), 3)}"
        else:
            out = "1" if rnd.random() < base + 0.2 * label else "0"
        raw.append(dict(outcome=out, label=str(label), sex=sex, race_ethnicity=race))
    with open(f"{name}.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["outcome", "label", "sex", "race_ethnicity"])
        w.writeheader(); w.writerows(raw)
    with open(f"expected-{name}.json", "w") as f:
        json.dump(results(raw, outcome_type, True), f, indent=1, ensure_ascii=False)

write("decisions", "binary", 4000, 7, 0.12)
write("scores", "score", 3001, 11, 0.05)
