import { auditCsv, csvCell } from './audit-csv';
import type { AuditRecord } from '../audit/audit-log.repository';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1 602', "'+1 602"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['a=b', 'a=b'],
  ])('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('auditCsv', () => {
  it('writes a header and one CRLF row per entry, with a BOM', () => {
    const record: AuditRecord = {
      id: '1',
      at: new Date('2026-11-25T18:00:00.000Z'),
      actorUserId: 'u1',
      actorEmail: 'agent@meterly.test',
      actorRole: 'agent',
      customerUserId: 'u2',
      customerEmail: 'jane@example.com',
      action: 'on-behalf.start',
      target: '=cmd|calc',
      correlationId: 'c-1',
    };
    expect(auditCsv([record])).toBe(
      '\uFEFFat,actor_email,actor_role,customer_email,action,target,correlation_id,changes\r\n' +
        "2026-11-25T18:00:00.000Z,agent@meterly.test,agent,jane@example.com,on-behalf.start,'=cmd|calc,c-1,\r\n",
    );
  });
});
