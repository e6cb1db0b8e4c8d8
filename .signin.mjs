import http from 'node:http'

const port = Number(process.env.P || 8795)
function req(method, path, headers = {}, body) {
  return new Promise((resolve) => {
    const r = http.request(
      { host: '127.0.0.1', port, path, method, headers: { host: 'aurora.localhost', ...headers } },
      (res) => {
        let data = ''
        res.on('data', (d) => (data += d))
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: data }))
      },
    )
    if (body) r.write(body)
    r.end()
  })
}
const first = await req('GET', '/config/')
const crumb = /crumb=([^;]+)/.exec(first.headers['set-cookie'].join(';'))[1]
const signed = await req(
  'POST',
  '/api/site-users/account/session',
  { cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, 'content-type': 'application/json' },
  JSON.stringify({ email: 'admin@aurora.example', password: 'aurora-admin-2026' }),
)
const session = /ss_site_user=([^;]+)/.exec(signed.headers['set-cookie'].join(';'))[1]
const list = await req('GET', '/config/api/collections', {
  cookie: `crumb=${crumb}; ss_site_user=${session}`,
})
console.log(signed.status, list.status, list.body.slice(0, 200))
