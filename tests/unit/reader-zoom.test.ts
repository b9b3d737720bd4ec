import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeLabel, isActivationKey, isZoomable, openLabel, type ImageLike } from '../../src/lib/reader/zoom';

/** A fake image whose ancestors are given as selectors they match, nearest first. */
function image(...ancestors: string[][]): ImageLike {
  return {
    closest(selector: string) {
      const wanted = selector.split(',').map((part) => part.trim());
      return ancestors.find((matches) => matches.some((name) => wanted.includes(name))) ?? null;
    },
  };
}

describe('zoomable images', () => {
  test('an image in page content is zoomable', () => {
    assert.equal(isZoomable(image(['p'], ['.markdown'], ['article'])), true);
    assert.equal(isZoomable(image(['article'])), true);
  });
  test('an image inside a link is not (the click belongs to the link)', () => {
    assert.equal(isZoomable(image(['a'], ['.markdown'], ['article'])), false);
  });
  test('the logo and images of the navbar or footer are not', () => {
    assert.equal(isZoomable(image(['a'], ['.navbar'], ['nav'])), false);
    assert.equal(isZoomable(image(['.navbar'], ['nav'])), false);
    assert.equal(isZoomable(image(['.footer'], ['footer'])), false);
  });
  test('an image outside page content is not', () => {
    assert.equal(isZoomable(image(['div'])), false);
  });
  test('an author can opt an image out', () => {
    assert.equal(isZoomable(image(['[data-no-zoom]'], ['.markdown'])), false);
  });
});

describe('keyboard and screen readers', () => {
  test('names say what activating the image does, in Russian, with the alt text', () => {
    assert.equal(openLabel('Схема сбора данных'), 'Схема сбора данных — открыть увеличенное изображение');
    assert.equal(closeLabel('Схема сбора данных'), 'Схема сбора данных — закрыть увеличенное изображение');
    assert.equal(openLabel(''), 'Открыть увеличенное изображение');
    assert.equal(closeLabel(null), 'Закрыть увеличенное изображение');
  });
  test('Enter and Space activate, other keys do not', () => {
    assert.equal(isActivationKey('Enter'), true);
    assert.equal(isActivationKey(' '), true);
    assert.equal(isActivationKey('Tab'), false);
    assert.equal(isActivationKey('Escape'), false);
  });
});
