# Re-decides each recorded run's choice from its report's figures under two rules, both with the fixed 5 %
# tolerance: 'built rule' is that of the build recorded here as after (the 3 % window measured from the best
# point reaching the speed floor); 'proposal' is the rule zdict has used since (the window measured from the
# grid's best ratio whatever the floor; the floor, like the ceiling, only excludes points, and when no point
# near the best meets both, the best ratio among the points that do). See ../choice-under-load-zeek-window.
import glob, re, collections
RATIO = {'256K L1': 5.04, '256K L3': 5.13, '256K L5': 5.57, '512K L1': 4.98, '512K L3': 5.18, '512K L5': 5.68}
def cheap(k): l = int(k.split('L')[1]); d = int(k.split('K')[0]); return (l, d)
def built(p):
    el = [k for k in p if p[k][2] * 1.05 >= 100]
    best = max(RATIO[k] for k in el)
    within = [k for k in el if RATIO[k] >= best * 0.97]
    adm = [k for k in el if p[k][0] <= 1.05]
    w = [k for k in within if k in adm]
    return min(w, key=cheap) if w else max(adm, key=lambda k: RATIO[k])
def proposal(p):
    best = max(RATIO.values())
    ok = [k for k in p if p[k][2] * 1.05 >= 100 and p[k][0] <= 1.05]
    w = [k for k in ok if RATIO[k] >= best * 0.97]
    return min(w, key=cheap) if w else max(ok, key=lambda k: RATIO[k])
res = collections.defaultdict(lambda: collections.Counter())
for d in ['.']:
    for f in glob.glob(d + '/*-*-*.txt'):
        cond, run, jar = f.split('/')[-1][:-4].split('-')
        pts = {}; chosen = None
        for line in open(f):
            m = re.match(r'^(\*?)\s+zstd\+dict\s+(\S+)\s+(\d)\s+\S+\s+\S+\s+\S+\s+(\d+)\s+\d+\s+\S+\s+(\S+)x\s+(\d+)%', line)
            if m:
                k = m.group(2) + ' L' + m.group(3); pts[k] = (float(m.group(5)), int(m.group(6)), int(m.group(4)))
                if m.group(1): chosen = k
        res[(cond, jar, 'reported')][chosen] += 1
        res[(cond, jar, 'built rule')][built(pts)] += 1
        res[(cond, jar, 'proposal')][proposal(pts)] += 1
for k in sorted(res): print(k, dict(res[k]))
