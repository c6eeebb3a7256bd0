import { FORECAST_PACE_DAYS, forecastCarMiles } from './mileage-forecast';

describe(forecastCarMiles.name, () => {
  const period = { days: 30, monthDays: 30 };

  it('forecasts a first 300-mile day from the stated miles, not as a 9,000-mile month', () => {
    const sut = forecastCarMiles({ ...period, milesSoFar: 300, daysElapsed: 1, statedMilesPerMonth: 600 });
    expect(sut).toBe(300 + 600 * (29 / 30));
  });

  it('forecasts the stated miles for a new policy with none driven yet', () => {
    expect(forecastCarMiles({ ...period, milesSoFar: 0, daysElapsed: 1, statedMilesPerMonth: 750 })).toBe(725);
  });

  it("uses the period's own pace from a week of miles on", () => {
    expect(forecastCarMiles({ ...period, milesSoFar: 70, daysElapsed: FORECAST_PACE_DAYS - 1, statedMilesPerMonth: 900 })).toBe(70 + 900 * (24 / 30));
    expect(forecastCarMiles({ ...period, milesSoFar: 70, daysElapsed: FORECAST_PACE_DAYS, statedMilesPerMonth: 900 })).toBe(300);
  });

  it('never forecasts below the miles so far, and is the miles so far once the period is over', () => {
    expect(forecastCarMiles({ ...period, milesSoFar: 1200, daysElapsed: 3, statedMilesPerMonth: 0 })).toBe(1200);
    expect(forecastCarMiles({ milesSoFar: 40, daysElapsed: 5, days: 5, monthDays: 30, statedMilesPerMonth: 900 })).toBe(40);
  });

  it('keeps the pace when the quote stated no miles', () => {
    expect(forecastCarMiles({ ...period, milesSoFar: 10, daysElapsed: 1, statedMilesPerMonth: null })).toBe(300);
  });
});
