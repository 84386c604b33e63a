// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { catalog } from '../../machines/catalog';
import {
  guardCondition,
  mermaidId,
  PORTAL_NS,
  SCXML_NS,
  toMermaid,
  toScxml,
} from '../../machines/harness/exporters';
import { buildModel } from '../../machines/harness/model';
import { signInEntry, wizardEntry } from './fixtures';

function parse(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed: ${error.textContent ?? ''}`);
  return doc;
}

const all = (doc: Document, tag: string): Element[] => Array.from(doc.getElementsByTagNameNS(SCXML_NS, tag));

describe('SCXML export', () => {
  for (const entry of [signInEntry, wizardEntry, ...catalog]) {
    it(`${entry.id}: well-formed, in the W3C namespace, with every state and transition`, () => {
      const model = buildModel(entry);
      const doc = parse(toScxml(model));
      const root = doc.documentElement;
      expect(root.localName).toBe('scxml');
      expect(root.namespaceURI).toBe(SCXML_NS);
      expect(root.getAttribute('version')).toBe('1.0');
      const ids = new Set(
        ['state', 'parallel', 'final', 'history']
          .flatMap((t) => all(doc, t))
          .map((e) => e.getAttribute('id')),
      );
      for (const s of model.states.filter((x) => x.parent !== null)) expect(ids.has(s.id), s.id).toBe(true);
      expect(ids.has(root.getAttribute('initial'))).toBe(true);
      const transitions = all(doc, 'transition');
      expect(transitions).toHaveLength(model.transitions.length);
      for (const t of transitions) {
        for (const target of (t.getAttribute('target') ?? '').split(' ').filter(Boolean))
          expect(ids.has(target), target).toBe(true);
      }
      // Only direct children that SCXML allows.
      const allowed = new Set([
        'state',
        'parallel',
        'final',
        'history',
        'transition',
        'onentry',
        'onexit',
        'invoke',
        'initial',
        'datamodel',
        'data',
        'donedata',
        'log',
        'send',
        'cancel',
      ]);
      for (const el of Array.from(doc.getElementsByTagName('*'))) {
        if (el.namespaceURI === SCXML_NS && el !== root)
          expect(allowed.has(el.localName), el.localName).toBe(true);
      }
    });
  }

  it('writes guards as cond over datamodel booleans, eventless transitions without event, invoked actors with id/src/operationId, spec in our namespace', () => {
    const doc = parse(toScxml(buildModel(signInEntry)));
    expect(doc.documentElement.getAttribute('datamodel')).toBe('ecmascript');
    const submit = all(doc, 'transition').find((t) => t.getAttribute('event') === 'form.submit');
    expect(submit?.getAttribute('cond')).toBe('isFilled');
    expect(submit?.getAttribute('target')).toBe('signIn.submitting');
    const data = all(doc, 'data').map((d) => [d.getAttribute('id'), d.getAttribute('expr')]);
    expect(data).toContainEqual(['isFilled', 'false']);
    // No <invoke>: a W3C engine would need a document to run; the actor is the outside world.
    expect(all(doc, 'invoke')).toHaveLength(0);
    const invoke = Array.from(doc.getElementsByTagNameNS(PORTAL_NS, 'invoke'))[0];
    expect(invoke?.getAttribute('id')).toBe('login');
    expect(invoke?.getAttribute('src')).toContain('login');
    expect(invoke?.getAttribute('operationId')).toBe('login');
    const failure = all(doc, 'state').find((s) => s.getAttribute('id') === 'signIn.failure');
    expect(failure?.getAttributeNS(PORTAL_NS, 'spec')).toBe('fixture.md §2 Errors');
    // The delayed transition is the SCXML pair <send delay> on entry and <cancel> on exit.
    expect(failure?.getElementsByTagNameNS(SCXML_NS, 'send')[0]?.getAttribute('delay')).toBe('1800ms');
    expect(failure?.getElementsByTagNameNS(SCXML_NS, 'cancel')).toHaveLength(1);
    expect(all(doc, 'final').map((f) => f.getAttribute('id'))).toEqual(['signIn.signedIn', 'signIn.home']);

    const wizard = parse(toScxml(buildModel(wizardEntry)));
    expect(all(wizard, 'parallel').map((p) => p.getAttribute('id'))).toEqual(['wizard.form']);
    const eventless = all(wizard, 'transition').filter((t) => !t.hasAttribute('event'));
    expect(eventless).toHaveLength(2);
    expect(eventless[0]?.getAttribute('cond')).toBe('isLarge');
  });
});

describe('Mermaid export', () => {
  for (const entry of [signInEntry, wizardEntry, ...catalog]) {
    it(`${entry.id}: stateDiagram-v2 with sane syntax`, () => {
      const model = buildModel(entry);
      const text = toMermaid(model);
      const lines = text
        .trim()
        .split('\n')
        .map((l) => l.trim());
      expect(lines[0]).toBe('stateDiagram-v2');
      let depth = 0;
      const id = '[A-Za-z_][A-Za-z0-9_]*';
      const patterns = [
        /^direction (TB|LR)$/,
        new RegExp(`^state "[^"]*" as ${id}$`),
        new RegExp(`^state ${id} \\{$`),
        /^\}$/,
        /^--$/,
        new RegExp(`^(\\[\\*\\]|${id}) --> (\\[\\*\\]|${id})( : [^:;#{}"]+)?$`),
      ];
      for (const line of lines.slice(1)) {
        expect(
          patterns.some((p) => p.test(line)),
          `bad line: ${line}`,
        ).toBe(true);
        if (line.endsWith('{')) depth++;
        if (line === '}') depth--;
        expect(depth).toBeGreaterThanOrEqual(0);
      }
      expect(depth).toBe(0);
      for (const s of model.states.filter((x) => x.parent !== null))
        expect(text).toContain(` as ${mermaidId(s.id)}`);
      expect(lines.filter((l) => l.includes('-->') && !l.includes('[*]')).length).toBe(
        model.transitions.reduce((n, t) => n + Math.max(1, t.targets.length), 0),
      );
    });
  }

  it('separates the regions of a parallel state with --', () => {
    const text = toMermaid(buildModel(wizardEntry));
    const block = text.slice(text.indexOf('state wizard_form {'));
    expect(block.split('\n').some((l) => l.trim() === '--')).toBe(true);
  });
});

describe('SCXML guard conditions', () => {
  it('turns guard descriptions into ECMAScript over one boolean per named guard', () => {
    expect(guardCondition('isFilled')).toEqual({ expr: 'isFilled', vars: ['isFilled'] });
    expect(guardCondition('not(hasAddresses)')).toEqual({ expr: '!(hasAddresses)', vars: ['hasAddresses'] });
    expect(guardCondition('and(a, or(b, not(c)))')).toEqual({
      expr: 'a && (b || !(c))',
      vars: ['a', 'b', 'c'],
    });
    expect(guardCondition('stateIn("form.valid")').expr).toBe("In('form.valid')");
    expect(guardCondition('isAbove({"limit":3})')).toEqual({
      expr: 'isAbove___limit__3__',
      vars: ['isAbove___limit__3__'],
    });
  });

  it('every guard of the catalog is a name of its own', () => {
    for (const entry of catalog)
      for (const g of buildModel(entry).guards)
        expect(g, `${entry.id}: ${g}`).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
  });
});
