import { pdfText } from '../../../test/support/pdf-text';
import { SAMPLE_POLICY as POLICY } from '../../../test/support/policy-fixture';
import { statementPdf } from './statement-documents';
import type { PolicyView } from '../../shared/policy/policy-model';

const statement = {
  periodStart: '2026-12-01',
  periodEnd: '2026-12-31',
  status: 'paid' as const,
  totalCents: 2662,
  lines: [{ kind: 'miles' as const, vehicleIndex: 0, from: '2026-12-01', to: '2026-12-31', miles: 320, perMileRateMills: 83, amountCents: 2662 }],
};

describe('statementPdf', () => {
  it('prints a car saved with Latin Extended letters as written', async () => {
    const policy: PolicyView = { ...POLICY, vehicles: [{ ...POLICY.vehicles[0], make: 'Škoda', model: 'Łódź Nguyễn Ødegård' }] };
    const text = await pdfText(await statementPdf({ policy, statement, locale: 'en-US' }));
    expect(text).toContain('2019 Škoda Łódź Nguyễn Ødegård');
  });

  it('prints a notice, never garbage, for a car saved in a script it cannot print', async () => {
    const policy: PolicyView = { ...POLICY, vehicles: [{ ...POLICY.vehicles[0], model: 'سيفيك' }] };
    const text = await pdfText(await statementPdf({ policy, statement, locale: 'es' }));
    expect(text).toContain('2019 Honda [registrado; no imprimible]');
  });
});
