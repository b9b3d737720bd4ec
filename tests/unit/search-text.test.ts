import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {escapeHtml, highlightAndSnippet, matcherFor} from '../../src/search/highlight';
import {indexTerms, normalizeWord, queryTerms, tokenize} from '../../src/shared/search/text';

const TAGS = {pre: '<mark>', post: '</mark>'};

describe('search text analysis', () => {
  it('stems Russian word forms to one term', () => {
    const forms = ['метрика', 'метрики', 'метрикам', 'метрик', 'Метрикой'];
    const stems = new Set(forms.map((w) => normalizeWord(w)));
    assert.deepEqual(Array.from(stems), ['метрик']);
  });

  it('folds ё into е', () => {
    assert.equal(normalizeWord('ёмкость'), normalizeWord('емкость'));
    assert.equal(normalizeWord('Ёмкость'), normalizeWord('емкость'));
  });

  it('drops Russian stop words', () => {
    assert.deepEqual(queryTerms('как настроить пороги'), ['настро', 'порог']);
    assert.deepEqual(queryTerms('и в на'), []);
  });

  it('keeps technical identifiers whole in queries', () => {
    assert.deepEqual(queryTerms('source.ZabbixHosts'), ['source.zabbixhosts']);
    assert.deepEqual(queryTerms('max_connections'), ['max_connections']);
    assert.deepEqual(queryTerms('monqctl'), ['monqctl']);
    assert.deepEqual(queryTerms('http-probe 9.0.6'), ['http-probe', '9.0.6']);
  });

  it('indexes identifiers whole and by parts', () => {
    const terms = indexTerms('Поток source.ZabbixHosts и max_connections.');
    assert.ok(terms.includes('source.zabbixhosts'));
    assert.ok(terms.includes('zabbixhosts'));
    assert.ok(terms.includes('max_connections'));
    assert.ok(terms.includes('connections'));
    // The full stop ending the sentence is not part of the identifier.
    assert.ok(!terms.some((t) => t.endsWith('.')));
  });

  it('reports token positions', () => {
    const [first, second] = tokenize('Метрики, пороги');
    assert.equal(first!.text, 'Метрики');
    assert.equal(second!.start, 9);
    assert.equal(second!.term, 'порог');
  });
});

describe('search highlighting', () => {
  it('escapes HTML before adding the highlight tags', () => {
    const result = highlightAndSnippet('<script>alert("метрика")</script> метрики', matcherFor(['метрик']), TAGS, 30, '…').highlight;
    assert.equal(
      result.value,
      '&lt;script&gt;alert(&quot;<mark>метрика</mark>&quot;)&lt;/script&gt; <mark>метрики</mark>',
    );
    assert.ok(!result.value.includes('<script>'));
    assert.equal(result.matchLevel, 'full');
  });

  it('highlights parts of identifiers', () => {
    const result = highlightAndSnippet('max_connections = 10', matcherFor(['connections']), TAGS, 30, '…').highlight;
    assert.equal(result.value, 'max_<mark>connections</mark> = 10');
    const whole = highlightAndSnippet('max_connections = 10', matcherFor(['max_connections']), TAGS, 30, '…').highlight;
    assert.equal(whole.value, '<mark>max_connections</mark> = 10');
  });

  it('cuts a snippet around the first match', () => {
    const words = Array.from({length: 40}, (_, i) => `слово${i}`);
    words[25] = 'метрики';
    const result = highlightAndSnippet(words.join(' '), matcherFor(['метрик']), TAGS, 10, '…').snippet;
    assert.match(result.value, /^…/);
    assert.match(result.value, /…$/);
    assert.ok(result.value.includes('<mark>метрики</mark>'));
    assert.equal(result.value.replace(/…/g, '').split(' ').length, 10);
  });

  it('escapes every special character', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
