import json,sys,glob
def fmt(st): 
    return st['op'] if st['op']!='move' else '%s>%s %s'%(st['from'],st['to'],st['card'])
for f in sorted(glob.glob('a*.json'), key=lambda x:int(x[1:-5])):
    s=f[1:-5]
    a=json.load(open(f)); p=json.load(open('p%s.json'%s))
    d=a.get('decisive')
    if d is None: print(s, a['outcome']); continue
    dec=[x for x in p['decisions'] if x['move']<=d]
    if not dec: print(s,"decisive",d,"before any decision"); continue
    x=dec[-1]
    alts=[fmt(al['step']) for al in a['alternatives'] if al['verdict']=='won']
    kind='safe' if x.get('safe') else ('endgame' if x.get('endgame') else 'sampled')
    print('deal',s,'decisive move',d,'of',len(p['moves']) if isinstance(p['moves'],list) else p['moves'],'decision at',x['move'],kind,'samples',x.get('samples'),'winning alts:',alts)
    for c in x.get('choices',[]):
        line=' '.join(fmt(y) for y in c['line'])
        print('   %s %5.3f %3d/%3d u%3d  %s'%('*' if c.get('chosen') else ' ',c['chance'],c['won'],c['samples'],c['unknown'],line))
