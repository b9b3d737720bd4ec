# The package registry reachable here lacks some platform builds of @swc/core and @swc/html that
# their manifests list as optional. npm install skips them, but npm ci then refuses the lock file.
# Run after every npm install: python3 scripts/prune-lockfile.py package-lock.json
import json,sys
p=sys.argv[1]
d=json.load(open(p))
pk=d['packages']
names=set(k.split('node_modules/')[-1] for k in pk)
n=0
for k,v in pk.items():
    od=v.get('optionalDependencies')
    if not od: continue
    for dep in list(od):
        if dep not in names:
            del od[dep]; n+=1
    if not od: del v['optionalDependencies']
json.dump(d,open(p,'w'),indent=2,ensure_ascii=False); open(p,'a').write('\n')
print('pruned',n)
