import t from 'tap';
import { scenario } from './support';
t.test('x', async () => {
  const sc = scenario({ options: { revealedMap: true }, mapDeck: ['entrance', 'dripping-crossway', 'mirror-room', 'bone-pit'] });
  for (const e of sc.events) if (!['CardsDrawn','AdventureDeckShuffled','QuestDeckShuffled'].includes(e.type)) console.log(JSON.stringify(e));
  console.log(JSON.stringify(sc.state.prompt), sc.legal(1).length, JSON.stringify(sc.legal(1).slice(0,3)));
});
