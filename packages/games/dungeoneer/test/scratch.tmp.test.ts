import t from 'tap';
import { scenario } from './support';
t.test('x', async () => {
  const sc = scenario({ options: { respawn: true }, profiles: [null, { life: 1 }], hands: [['gutter-wretch-1', 'second-wind-1', 'quick-step-1', 'gutter-wretch-2', 'gutter-wretch-3'], ['notched-sword-1']] });
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  for (const e of sc.do(1, { type: 'Pass' }, { roll: 6 }, { roll: 1 }, { int: 0 })) console.log(JSON.stringify(e).slice(0, 200));
  console.log(JSON.stringify(sc.state.prompt), JSON.stringify(sc.state.combat));
});
