import { stateForZip } from './zip-to-state';

describe(stateForZip.name, () => {
  it.each([
    ['85004', 'AZ'],
    ['85142', 'AZ'],
    ['86001', 'AZ'],
    ['73301', 'TX'],
    ['77001', 'TX'],
    ['79901', 'TX'],
    ['88510', 'TX'],
    ['60601', 'IL'],
    ['62701', 'IL'],
    ['97201', 'OR'],
    ['97701', 'OR'],
    ['19103', 'PA'],
    ['15222', 'PA'],
    ['10001', 'NY'],
    ['00501', 'NY'],
    ['90210', 'CA'],
    ['02108', 'MA'],
    ['20500', 'DC'],
    ['96813', 'HI'],
    ['99501', 'AK'],
    ['73102', 'OK'],
    ['87501', 'NM'],
  ])('puts %s in %s', (zip, state) => {
    expect(stateForZip(zip)).toBe(state);
  });

  it.each(['00000', '00601', '09001', '96201', '34001', '1234', '123456', 'abcde', ''])('places %j nowhere', (zip) => {
    expect(stateForZip(zip)).toBeUndefined();
  });
});
