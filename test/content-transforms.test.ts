// @svc-provider-independent: content transforms, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { contentTransforms, parseHtml, runTransforms, serializeHtml, type TransformType } from '../packages/control-plane/src/platform/html/transforms/index.ts'

/** Applies one transform to a fragment and returns the HTML and whether it reported a change. */
function apply (type: TransformType, html: string, options: unknown = {}) {
  const doc = parseHtml(html)
  const transform = contentTransforms[type]
  const result = transform.apply(doc, transform.options.parse(options) as never)
  return { html: serializeHtml(doc), changed: result.changed }
}

describe('content transforms', () => {
  test('parse and serialize keep a fragment as it was, without an html/body wrapper', () => {
    const html = '<h2>Title</h2><p>Text with <a href="/x">a link</a>.</p>'
    expect(serializeHtml(parseHtml(html))).toBe(html)
  })

  describe('strip_inbody_toc', () => {
    test('removes known TOC containers', () => {
      const result = apply('strip_inbody_toc', '<div id="ez-toc-container"><ul><li>A</li></ul></div><p>Body</p><nav class="toc">x</nav>')
      expect(result).toEqual({ html: '<p>Body</p>', changed: true })
    })

    test('removes a "Table of contents" heading with its list of in-page links', () => {
      const html = '<h2>Table of Contents:</h2><ol><li><a href="#one">One</a></li><li><a href="#two">Two</a></li></ol><h2 id="one">One</h2>'
      expect(apply('strip_inbody_toc', html)).toEqual({ html: '<h2 id="one">One</h2>', changed: true })
    })

    test('keeps a "Contents" heading whose list links elsewhere, and reports no change', () => {
      const html = '<h2>Contents</h2><ul><li><a href="https://example.com/a">A</a></li></ul>'
      expect(apply('strip_inbody_toc', html)).toEqual({ html, changed: false })
    })
  })

  describe('strip_inbody_faq', () => {
    test('removes an FAQ heading and its section up to the next heading of its level', () => {
      const html = '<h2>Intro</h2><p>a</p><h2>Frequently Asked Questions</h2><h3>Why?</h3><p>Because.</p><h2>Conclusion</h2><p>z</p>'
      expect(apply('strip_inbody_faq', html)).toEqual({ html: '<h2>Intro</h2><p>a</p><h2>Conclusion</h2><p>z</p>', changed: true })
    })

    test('removes FAQ blocks and FAQPage structured data, keeping other JSON-LD', () => {
      const html = '<div class="wp-block-yoast-faq-block"><p>Q</p></div>' +
        '<script type="application/ld+json">{"@type":"FAQPage"}</script>' +
        '<script type="application/ld+json">{"@type":"Article"}</script><p>Body</p>'
      expect(apply('strip_inbody_faq', html)).toEqual({ html: '<script type="application/ld+json">{"@type":"Article"}</script><p>Body</p>', changed: true })
    })

    test('leaves a document without an FAQ unchanged', () => {
      const html = '<h2>FAQtory tour</h2><p>Not an FAQ.</p>'
      expect(apply('strip_inbody_faq', html)).toEqual({ html, changed: false })
    })
  })

  describe('add_heading_anchors', () => {
    test('adds unique ids from the heading text, keeping existing ids', () => {
      const html = '<h2>Getting Started</h2><h3>Über uns!</h3><h2 id="getting-started-2">Kept</h2><h2>Getting Started</h2>'
      expect(apply('add_heading_anchors', html)).toEqual({
        html: '<h2 id="getting-started">Getting Started</h2><h3 id="uber-uns">Über uns!</h3><h2 id="getting-started-2">Kept</h2><h2 id="getting-started-3">Getting Started</h2>',
        changed: true,
      })
    })

    test('only touches the configured levels', () => {
      const html = '<h1>Top</h1><h2>Two</h2><h5>Five</h5>'
      expect(apply('add_heading_anchors', html, { levels: [5] }).html).toBe('<h1>Top</h1><h2>Two</h2><h5 id="five">Five</h5>')
      expect(() => contentTransforms.add_heading_anchors.options.parse({ levels: [7] })).toThrow()
    })
  })

  describe('content_cleanup', () => {
    test('drops scripts, comments, inline styles and handlers, unwraps font and bare span, removes empty blocks', () => {
      const html = '<!-- x --><p style="color:red" onclick="steal()">Hello <span>big</span> <font face="Arial">world</font> <span class="keep">!</span></p>' +
        '<p>&nbsp;</p><div><p> </p><br></div><script>alert(1)</script><style>p{}</style><p><img src="a.png"></p>'
      expect(apply('content_cleanup', html)).toEqual({
        html: '<p>Hello big world <span class="keep">!</span></p><p><img src="a.png"></p>',
        changed: true,
      })
    })

    test('reports no change on clean HTML', () => {
      const html = '<p>Clean <em>text</em>.</p>'
      expect(apply('content_cleanup', html)).toEqual({ html, changed: false })
    })
  })

  describe('image_modify', () => {
    test('applies each option to every image', () => {
      const html = '<img src="https://old.example.com/img/red_panda-1.jpg" width="800" height="600" srcset="https://old.example.com/img/a.jpg 2x" sizes="50vw">'
      const result = apply('image_modify', html, {
        lazy_load: true,
        remove_dimensions: true,
        add_class: 'wide framed',
        alt_from_filename: true,
        rewrite_src: { from: 'https://old.example.com/', to: 'https://cdn.example.com/' },
      })
      expect(result).toEqual({
        html: '<img src="https://cdn.example.com/img/red_panda-1.jpg" srcset="https://cdn.example.com/img/a.jpg 2x" sizes="50vw" loading="lazy" decoding="async" class="wide framed" alt="red panda 1">',
        changed: true,
      })
      expect(apply('image_modify', html, { remove_srcset: true }).html).toBe('<img src="https://old.example.com/img/red_panda-1.jpg" width="800" height="600">')
    })

    test('keeps an existing (even empty) alt, and with no options changes nothing', () => {
      const html = '<img src="/a/b.png" alt="">'
      expect(apply('image_modify', html, { alt_from_filename: true })).toEqual({ html, changed: false })
      expect(apply('image_modify', html, {})).toEqual({ html, changed: false })
    })

    test('rejects unknown options', () => {
      expect(() => contentTransforms.image_modify.options.parse({ blur: true })).toThrow()
    })
  })

  describe('strip_uncategorized', () => {
    test('removes links to the Uncategorized category and a category list left empty', () => {
      const html = '<p>Filed under <span class="cat-links"><a href="/category/uncategorized/" rel="category tag">Uncategorized</a></span></p>' +
        '<ul class="post-categories"><li><a href="/category/news/">News</a></li><li><a href="/category/uncategorized">Uncategorized</a></li></ul>'
      expect(apply('strip_uncategorized', html)).toEqual({
        html: '<p>Filed under </p><ul class="post-categories"><li><a href="/category/news/">News</a></li></ul>',
        changed: true,
      })
    })

    test('leaves other text mentioning the word alone', () => {
      const html = '<p>Uncategorized posts are rare.</p>'
      expect(apply('strip_uncategorized', html)).toEqual({ html, changed: false })
    })
  })

  test('runTransforms applies the steps in order on one document and reports each', () => {
    const html = '<h2>Table of contents</h2><ul><li><a href="#a">A</a></li></ul><h2 style="x">A</h2><p></p>'
    const result = runTransforms(html, [
      { transform: contentTransforms.content_cleanup },
      { transform: contentTransforms.strip_inbody_toc },
      { transform: contentTransforms.add_heading_anchors },
      { transform: contentTransforms.strip_inbody_faq },
    ])
    expect(result.html).toBe('<h2 id="a">A</h2>')
    expect(result.changed).toBe(true)
    expect(result.steps.map(step => [step.type, step.changed])).toEqual([
      ['content_cleanup', true], ['strip_inbody_toc', true], ['add_heading_anchors', true], ['strip_inbody_faq', false],
    ])
  })

  test('runTransforms returns the input untouched when nothing changed', () => {
    const html = '<p>  spacing  kept </p>'
    expect(runTransforms(html, [{ transform: contentTransforms.strip_inbody_faq }])).toMatchObject({ html, changed: false })
  })
})
