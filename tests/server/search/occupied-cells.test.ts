/**
 * The radius search's walk over occupied cells only (ADR 177): per user type and latitude row, the cells that have a
 * list, in longitude order, must be exactly the lists a walk over every cell of a box finds, in the same order — after
 * a full load and clustering, after rows moved into new cells, after rows left (an emptied list stays, as it does in
 * the per-cell map), and for rows without a position.
 */
import { describe, expect, it } from "vitest";
import { ColumnStore, cellKey, firstAtLeast, latCellOf, lonCellOf } from "#server/modules/search/column-index";
import { lcg } from "../../helpers/lcg";
import { plainStoreRow, type StoreRow } from "../../helpers/store-row";

function row(userId: number, userType: number, lat: number | null, lon: number | null): StoreRow {
  return plainStoreRow({ user_id: userId, user_type: userType, gender: 1, birth_ymd: 19900101, lat, lon });
}

interface Box {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/** What the search walked before: every cell of the box, per type, latitude then longitude. */
function everyCell(store: ColumnStore, types: number[], box: Box): Array<[number, number, number[]]> {
  const out: Array<[number, number, number[]]> = [];
  for (const type of types)
    for (let a = latCellOf(box.minLat); a <= latCellOf(box.maxLat); a++)
      for (let o = lonCellOf(box.minLon); o <= lonCellOf(box.maxLon); o++) {
        const list = store.cellSlots(type, cellKey(a, o));
        if (list) out.push([a, o, list]);
      }
  return out;
}

/** The walk over occupied rows, as indexed-search's visitedRuns does it. */
function occupied(store: ColumnStore, types: number[], box: Box): Array<[number, number, number[]]> {
  const out: Array<[number, number, number[]]> = [];
  for (const type of types)
    for (let a = latCellOf(box.minLat); a <= latCellOf(box.maxLat); a++) {
      const found = store.occupiedRow(type, a);
      if (!found) continue;
      for (
        let i = firstAtLeast(found.lonCells, lonCellOf(box.minLon));
        i < found.lonCells.length && found.lonCells[i]! <= lonCellOf(box.maxLon);
        i++
      )
        out.push([a, found.lonCells[i]!, found.lists[i]!]);
    }
  return out;
}

describe("occupied cells per latitude row (ADR 177)", () => {
  it("visits the same lists, in the same order, as a walk over every cell of the box", () => {
    const pick = lcg(177);
    const store = new ColumnStore();
    const place = () =>
      (pick(20) === 0 ? [null, null] : [52.3 + pick(4000) / 10_000, 13.2 + pick(4000) / 10_000]) as [number | null, number | null];
    for (let id = 1; id <= 600; id++) store.upsert(row(id, 1 + pick(3), ...place()));
    store.clusterByCell();
    const boxes: Box[] = [];
    for (let i = 0; i < 40; i++) {
      const lat = 52.25 + pick(5000) / 10_000;
      const lon = 13.15 + pick(5000) / 10_000;
      const size = pick(3000) / 10_000;
      boxes.push({ minLat: lat, maxLat: lat + size, minLon: lon, maxLon: lon + size * 1.6 });
    }
    boxes.push({ minLat: 51, maxLat: 54, minLon: 12, maxLon: 15 });
    const check = () => {
      for (const box of boxes)
        for (const types of [[1], [2], [3], [2, 3], [3, 1, 2]]) {
          const expected = everyCell(store, types, box);
          expect(occupied(store, types, box)).toEqual(expected);
        }
    };
    check();
    // Rows move (new cells after clustering), change type, lose their position, leave; new rows arrive.
    for (let i = 0; i < 400; i++) {
      const id = 1 + pick(700);
      if (pick(5) === 0) store.remove(id);
      else store.upsert(row(id, 1 + pick(3), ...place()));
    }
    check();
    // The lists are the store's own (a row added later is seen through the walk).
    const before = occupied(store, [2], boxes.at(-1)!).reduce((n, [, , list]) => n + list.length, 0);
    store.upsert(row(5000, 2, 52.5, 13.4));
    const after = occupied(store, [2], boxes.at(-1)!).reduce((n, [, , list]) => n + list.length, 0);
    expect(after).toBe(before + 1);
  });

  it("firstAtLeast finds the first index at or above a value", () => {
    expect(firstAtLeast([], 3)).toBe(0);
    expect(firstAtLeast([1, 3, 5], 0)).toBe(0);
    expect(firstAtLeast([1, 3, 5], 3)).toBe(1);
    expect(firstAtLeast([1, 3, 5], 4)).toBe(2);
    expect(firstAtLeast([1, 3, 5], 6)).toBe(3);
  });
});
