import { FORECAST_PACE_DAYS, forecastCarMiles, forecastStretchMiles } from './mileage-forecast';

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

describe(forecastStretchMiles.name, () => {
  const stretches = [
    { from: '2026-11-05', to: '2026-11-19', vehicles: [{ vehicleIndex: 0 }], billableMiles: [150] },
    { from: '2026-11-20', to: '2026-12-04', vehicles: [{ vehicleIndex: 0 }, { vehicleIndex: 1 }], billableMiles: [0, 0] },
  ];

  it("spreads each car's days to come over the stretches they fall in, at its own pace", () => {
    // 150 miles in the first 15 days: 10 a day for the 15 to come, all in the second stretch; the second car,
    // insured from tomorrow on, drives the stated miles.
    expect(forecastStretchMiles({ stretches, through: '2026-11-19', monthDays: 30, statedMilesPerMonth: 600 })).toEqual([[150], [150, 300]]);
  });

  it('forecasts nothing for a car with no days yet and no stated miles, and nothing more once the period is over', () => {
    expect(forecastStretchMiles({ stretches, through: '2026-11-19', monthDays: 30, statedMilesPerMonth: null })).toEqual([[150], [150, 0]]);
    const done = [{ ...stretches[0] }, { ...stretches[1], billableMiles: [40, 7.25] }];
    expect(forecastStretchMiles({ stretches: done, through: '2026-12-04', monthDays: 30, statedMilesPerMonth: 600 })).toEqual([[150], [40, 7.25]]);
  });

  it('knows a car by its number: the car left after the first one is removed keeps its own pace, not the removed one', () => {
    // Car 0 drove 300 miles in 15 days and was removed; car 1 drove 15 (1 a day) and is now listed first.
    const removed = [
      { from: '2026-11-05', to: '2026-11-19', vehicles: [{ vehicleIndex: 0 }, { vehicleIndex: 1 }], billableMiles: [300, 15] },
      { from: '2026-11-20', to: '2026-12-04', vehicles: [{ vehicleIndex: 1 }], billableMiles: [0] },
    ];
    expect(forecastStretchMiles({ stretches: removed, through: '2026-11-19', monthDays: 30, statedMilesPerMonth: null })).toEqual([[300, 15], [15]]);
  });
});
