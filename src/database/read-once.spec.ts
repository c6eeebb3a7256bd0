import { readOnce, withReadsShared } from './read-once';

describe('readOnce', () => {
  it('reads every time outside shared work: a request that writes always reads afresh', async () => {
    const read = jest.fn(() => Promise.resolve([1]));
    await readOnce('k', read);
    await readOnce('k', read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("answers a key's first read to every ask inside shared work, each key its own, and nothing leaks to the next work", async () => {
    const read = jest.fn((value: number) => Promise.resolve([value]));
    const answers = await withReadsShared(() => Promise.all([readOnce('a', () => read(1)), readOnce('a', () => read(2)), readOnce('b', () => read(3))]));
    expect(answers).toEqual([[1], [1], [3]]);
    expect(read).toHaveBeenCalledTimes(2);
    expect(await withReadsShared(() => readOnce('a', () => read(4)))).toEqual([4]);
  });

  it('freezes a shared list, so a reader that sorted it in place fails rather than change it for the others', async () => {
    await withReadsShared(async () => {
      const list = await readOnce('list', () => Promise.resolve([2, 1]));
      expect(() => list.sort()).toThrow(TypeError);
      expect(await readOnce('list', () => Promise.resolve([]))).toEqual([2, 1]);
    });
  });
});
