import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Lookup = Storage['getTargetValidationMetadatas'];
type Rules = ReturnType<Lookup>;

const KEPT = Symbol('validation rules kept');

/**
 * class-validator looks a class's rules up on every validation of every object, nested ones
 * included, by testing the class against every class that has rules (`instanceof` each, then
 * filtering): a fifth of the estimate's CPU under load (issue 17 profile,
 * `getTargetValidationMetadatas`). Rules are added only while classes are decorated, at module
 * load, so the answer for a class and a set of options is kept, and forgotten whenever a rule is
 * added. The answers are the library's own, never mutated by its validator (which groups them
 * anew); the grouping by property is kept beside them.
 */
export function keepValidationRules(storage: Storage = getMetadataStorage()): void {
  const patched = storage as Storage & { [KEPT]?: true };
  if (patched[KEPT]) return;
  patched[KEPT] = true;
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let kept = new WeakMap<object, Map<string, Rules>>();
  let grouped = new WeakMap<Rules, ReturnType<Storage['groupByPropertyName']>>();

  storage.addValidationMetadata = (metadata) => {
    kept = new WeakMap();
    grouped = new WeakMap();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let byOptions = kept.get(target);
    if (!byOptions) kept.set(target, (byOptions = new Map<string, Rules>()));
    let rules = byOptions.get(key);
    if (!rules) byOptions.set(key, (rules = lookup(target, schema, always, strictGroups, groups)));
    return rules;
  };
  storage.groupByPropertyName = (rules) => {
    let byProperty = grouped.get(rules);
    if (!byProperty) grouped.set(rules, (byProperty = group(rules)));
    return byProperty;
  };
}
