// The chart renderer (shared/blocks/chart-svg.ts): static SVG named and described for screen
// readers, every value escaped, the value axis covering the data, pie slices from the first series.
import { describe, expect, it } from 'vitest'
import { type ChartBlockData, renderChart } from '../../shared/editing-areas'

const chart = (over: Partial<ChartBlockData>): ChartBlockData => ({
  chart: 'bar',
  title: 'Sales',
  xLabel: '',
  yLabel: '',
  rows: [
    ['Month', 'Sales'],
    ['Jan', '35'],
    ['Feb', '12'],
  ],
  ...over,
})

describe('The chart renderer', () => {
  it('Should name the SVG by its title, describe it, and give every number in a table', () => {
    const html = renderChart(chart({}), 'c1')
    expect(html).toMatch(/^<figure class="chart"><figcaption class="chart-title">Sales<\/figcaption><svg /)
    expect(html).toContain('role="img" viewBox="0 0 480 300" aria-labelledby="c1-t c1-d"')
    expect(html).toContain(
      '<title id="c1-t">Sales</title><desc id="c1-d">Bar chart of Sales by Month, 2 values.</desc>',
    )
    expect(html).toContain(
      '<tr><th scope="row">Jan</th><td>35</td></tr><tr><th scope="row">Feb</th><td>12</td></tr>',
    )
    expect(html).not.toMatch(/style=|<script/)
  })

  it('Should escape every value for where it lands, ids included', () => {
    const html = renderChart(
      chart({
        title: '"><script>x</script>',
        rows: [
          ['<b>', '"q"'],
          ['<img src=x>', '1'],
        ],
      }),
      'a"b',
    )
    expect(html).not.toMatch(/<script|<img|<b>/)
    expect(html).toContain('aria-labelledby="a&quot;b-t a&quot;b-d"')
    expect(html).toContain('<th scope="row">&lt;img src=x&gt;</th>')
  })

  it('Should draw the value axis up to a round tick at or above the highest value', () => {
    const html = renderChart(chart({}), 'c2')
    const ticks = [...html.matchAll(/class="chart-tick"[^>]*dominant-baseline="middle">([^<]+)</g)].map(
      (m) => m[1],
    )
    expect(ticks).toEqual(['0', '10', '20', '30', '40'])
  })

  it('Should draw a pie of the first series, a whole circle for a single slice, with an untitled chart called Chart', () => {
    const html = renderChart(
      chart({
        chart: 'pie',
        title: '',
        rows: [
          ['Kind', 'Share'],
          ['All', '5'],
          ['None', '0'],
        ],
      }),
      'p',
    )
    expect(html).toContain('<circle class="chart-mark chart-slice chart-s0"')
    expect(html).toContain('<title>All: 5 (100%)</title>')
    expect(html).toContain('<title id="p-t">Chart</title>')
    expect(html).not.toContain('<figcaption')
    expect(html).toContain('<li><span class="chart-swatch chart-s1" aria-hidden="true"></span>None</li>')
  })
})
