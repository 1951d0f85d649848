# Per condition and build: choices, load range, 512K L3's CPU, level 5's CPU (spread) and MB/s ranges, from the reports here.
# usage: python3 stats.py [DIR]
import glob, re, collections, sys
d = sys.argv[1] if len(sys.argv) > 1 else '.'
rows = collections.defaultdict(list)
for f in sorted(glob.glob(d + '/*-*-*.txt')):
    cond, run, jar = f.split('/')[-1][:-4].split('-')
    pts = {}; chosen = None; load = None
    for line in open(f):
        m = re.match(r'^(\*?)\s+zstd\+dict\s+(\S+)\s+(\d)\s+\S+\s+\S+\s+\S+\s+(\d+)\s+\d+\s+\S+\s+(\S+)x\s+(\d+)%', line)
        if m:
            k = m.group(2) + ' L' + m.group(3); pts[k] = (float(m.group(5)), int(m.group(6)), int(m.group(4)))
            if m.group(1): chosen = k
        m = re.search(r"load average ([\d.]+)", line)
        if m: load = float(m.group(1))
    rows[(cond, jar)].append((chosen, load, pts))
def rng(v): return '%s–%s' % (min(v), max(v))
for (cond, jar), rs in sorted(rows.items()):
    c = collections.Counter(r[0] for r in rs)
    loads = [r[1] for r in rs if r[1] is not None]
    l3 = [r[2]['512K L3'][0] for r in rs if '512K L3' in r[2]]
    l5 = [r[2][k][0] for r in rs for k in ('256K L5', '512K L5') if k in r[2]]
    l5s = [r[2][k][1] for r in rs for k in ('256K L5', '512K L5') if k in r[2]]
    l5m = [r[2][k][2] for r in rs for k in ('256K L5', '512K L5') if k in r[2]]
    both_under = sum(1 for r in rs if all(r[2][k][2] * 1.05 < 100 for k in ('256K L5', '512K L5')))
    print(cond, jar, len(rs), dict(c), 'load', rng(loads) if loads else '?', '512K L3 cpu', rng(l3),
          'L5 cpu', rng(l5), 'spread', rng(l5s), '%', 'L5 MB/s', rng(l5m), 'both L5 under floor:', both_under)
