import { createTestApp } from '../../support/test-app';
import { signIn } from '../../support/sign-in';
import { completeQuote } from '../../support/purchase-flow';
it('x', async () => {
  const sut = await createTestApp();
  const c = await signIn(sut);
  const q = await completeQuote(c);
  let r = await c.put(`/api/quotes/${q}/application/vehicles`).send({ vehicles: [{ vin: null, year: 2003, make: 'Honda', model: 'Accord' }] });
  console.log(r.status, JSON.stringify(r.body).slice(0, 300));
  await c.post('/api/consent').send({ tracking: true, advertising: true, source: 'settings' });
  r = await c.post('/api/a/b').send({ batch: [{ type: 'track', messageId: 'abc' }], sentAt: '0000-01-01' });
  console.log(r.status, JSON.stringify(r.body).slice(0, 300));
  await sut.close();
}, 60000);
