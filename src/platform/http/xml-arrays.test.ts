// XML bodies read in the shape of their schema (xml-arrays.ts): where the schema has an array, one
// element is an array of one, in the plain and the items layout, at any depth, through unions.
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { parseXmlBody } from './body.ts';

const Report = Type.Object({
  code: Type.String(),
  tags: Type.Optional(Type.Array(Type.String())),
  score: Type.Optional(Type.Object({ value: Type.String() })),
});
const Body = Type.Object({
  id: Type.String(),
  reports: Type.Array(Report),
  'my.names': Type.Optional(Type.Union([Type.Array(Type.String()), Type.Null()])),
});

describe('parseXmlBody with the route\'s schema', () => {
  it('NEG-08: one element of an array property is an array of one, in either layout; two are two', () => {
    const one = { id: '1', reports: [{ code: 'a' }] };
    expect(parseXmlBody('<B><id>1</id><reports><code>a</code></reports></B>', Body)).toEqual(one);
    expect(parseXmlBody('<B><id>1</id><reports><item><code>a</code></item></reports></B>', Body)).toEqual(one);
    const two = { id: '1', reports: [{ code: 'a' }, { code: 'b' }] };
    expect(parseXmlBody('<B><id>1</id><reports><code>a</code></reports><reports><code>b</code></reports></B>', Body)).toEqual(two);
    expect(parseXmlBody('<B><id>1</id><reports><item><code>a</code></item><item><code>b</code></item></reports></B>', Body)).toEqual(two);
  });

  it('NEG-08: arrays inside array entries, in either layout, and an empty element is an empty array', () => {
    const body = parseXmlBody('<B><id>1</id><reports><item><code>a</code><tags><item>x</item></tags><score><value>3</value></score></item>'
      + '<item><code>b</code><tags>y</tags><tags>z</tags></item><item><code>c</code><tags/></item></reports></B>', Body);
    expect(body).toEqual({ id: '1', reports: [{ code: 'a', tags: ['x'], score: { value: '3' } }, { code: 'b', tags: ['y', 'z'] }, { code: 'c', tags: [] }] });
    expect(parseXmlBody('<B><id>1</id><reports><code>a</code><tags>x</tags></reports></B>', Body)).toEqual({ id: '1', reports: [{ code: 'a', tags: ['x'] }] });
  });

  it('NEG-08: through a union with null, by any letter case of the name, and a name with a dot in it', () => {
    expect(parseXmlBody('<B><ID>1</ID><Reports><Code>a</Code></Reports><my.names>n</my.names></B>', Body)).toEqual({ ID: '1', Reports: [{ Code: 'a' }], 'my.names': ['n'] });
  });

  it('NEG-08: a value that is not an array stays one value where the schema has no array, repeated or not', () => {
    expect(parseXmlBody('<B><id>1</id><id>2</id><reports><score><value>1</value></score></reports></B>', Body)).toEqual({ id: ['1', '2'], reports: [{ score: { value: '1' } }] });
  });

  it('NEG-08: an array body is its root\'s children, one or many, of any name; an empty root is an empty array', () => {
    const Ops = Type.Array(Type.Object({ op: Type.String() }));
    expect(parseXmlBody('<Patch><Operation><op>replace</op></Operation></Patch>', Ops)).toEqual([{ op: 'replace' }]);
    expect(parseXmlBody('<Patch><item><op>replace</op></item><item><op>test</op></item></Patch>', Ops)).toEqual([{ op: 'replace' }, { op: 'test' }]);
    expect(parseXmlBody('<Patch/>', Ops)).toEqual([]);
    const Either = Type.Union([Type.Object({ ids: Type.Array(Type.String()) }), Type.Array(Type.String())]);
    expect(parseXmlBody('<Ids><id>4</id></Ids>', Either)).toEqual(['4']);
  });

  it('an object body whose only property is an array stays an object', () => {
    const Only = Type.Object({ eventTypes: Type.Array(Type.String()) });
    expect(parseXmlBody('<W><eventTypes>a</eventTypes><eventTypes>b</eventTypes></W>', Only)).toEqual({ eventTypes: ['a', 'b'] });
  });
});
