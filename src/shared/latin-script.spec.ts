import { isLatinScript } from './latin-script';

describe('isLatinScript', () => {
  it.each([
    'Ana García',
    'Łukasz Nguyễn Ødegård',
    "O'Brien-Ñúñez",
    'Đặng Thị Hương',
    'Şükrü Çelik',
    'Zoë Ærøskøbing',
    'Nguye\u0302\u0303n',
    '120 W Washington St, Apt 4',
  ])('accepts %s', (value) => expect(isLatinScript(value)).toBe(true));

  it.each(['محمد', 'דוד', 'Иван', 'Γιώργος', '王伟', 'Ana محمد', 'Ｆｕｌｌ', 'Apt ٣'])('refuses %s', (value) => {
    expect(isLatinScript(value)).toBe(false);
  });
});
