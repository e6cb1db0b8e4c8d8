/**
 * Address autocomplete (platform.md section 7, `/api/google-maps/places/autocomplete` and
 * `/details`): the worker calls the places provider with its own API key, which never reaches
 * the browser, and answers with the provider's JSON.
 *
 * - `local` (development and tests): a small fixed list of addresses, searched by what was
 *   typed, answering in the shape of Google's Places API.
 * - `google`: Google's Places API with `GOOGLE_MAPS_API_KEY`.
 *
 * `PLACES_PROVIDER` in wrangler.toml picks one (docs/deployment.md, "Configuration").
 */
import { readSecret } from '../crypto/secrets'
import type { Env } from '../env'

/** Query parameters passed on to the provider (the tracking context stays with us). */
export type PlacesParams = Readonly<Record<string, string>>

export interface PlacesProvider {
  readonly name: string
  autocomplete(params: PlacesParams): Promise<unknown>
  details(params: PlacesParams): Promise<unknown>
}

interface LocalPlace {
  placeId: string
  line1: string
  city: string
  state: string
  zip: string
  country: string
  countryCode: string
}

/** The local provider's addresses (the demo tenants' own towns). */
const LOCAL_PLACES: readonly LocalPlace[] = [
  {
    placeId: 'local-1',
    line1: '1 Ferry Building',
    city: 'San Francisco',
    state: 'CA',
    zip: '94111',
    country: 'United States',
    countryCode: 'US',
  },
  {
    placeId: 'local-2',
    line1: '100 Main Street',
    city: 'Point Reyes Station',
    state: 'CA',
    zip: '94956',
    country: 'United States',
    countryCode: 'US',
  },
  {
    placeId: 'local-3',
    line1: '100 Church Street',
    city: 'Burlington',
    state: 'VT',
    zip: '05401',
    country: 'United States',
    countryCode: 'US',
  },
  {
    placeId: 'local-4',
    line1: '1000 Shelburne Road',
    city: 'South Burlington',
    state: 'VT',
    zip: '05403',
    country: 'United States',
    countryCode: 'US',
  },
  {
    placeId: 'local-5',
    line1: '7 Yanaka',
    city: 'Taito',
    state: 'Tokyo',
    zip: '110-0001',
    country: 'Japan',
    countryCode: 'JP',
  },
]

function placeText(place: LocalPlace): string {
  return `${place.line1}, ${place.city}, ${place.state} ${place.zip}, ${place.country}`
}

export const localPlaces: PlacesProvider = {
  name: 'local',
  async autocomplete(params) {
    const input = (params.input ?? '').trim().toLowerCase()
    const predictions = input
      ? LOCAL_PLACES.filter((place) => placeText(place).toLowerCase().includes(input)).map((place) => ({
          description: placeText(place),
          place_id: place.placeId,
          structured_formatting: {
            main_text: place.line1,
            secondary_text: `${place.city}, ${place.state}, ${place.country}`,
          },
        }))
      : []
    return { status: predictions.length > 0 ? 'OK' : 'ZERO_RESULTS', predictions }
  },
  async details(params) {
    const place = LOCAL_PLACES.find((candidate) => candidate.placeId === params.place_id)
    if (place === undefined) return { status: 'NOT_FOUND' }
    const [number, ...street] = place.line1.split(' ')
    return {
      status: 'OK',
      result: {
        place_id: place.placeId,
        formatted_address: placeText(place),
        address_components: [
          { long_name: number, short_name: number, types: ['street_number'] },
          { long_name: street.join(' '), short_name: street.join(' '), types: ['route'] },
          { long_name: place.city, short_name: place.city, types: ['locality', 'political'] },
          {
            long_name: place.state,
            short_name: place.state,
            types: ['administrative_area_level_1', 'political'],
          },
          { long_name: place.zip, short_name: place.zip, types: ['postal_code'] },
          { long_name: place.country, short_name: place.countryCode, types: ['country', 'political'] },
        ],
      },
    }
  },
}

const GOOGLE_PLACES = 'https://maps.googleapis.com/maps/api/place'

/** Google's Places API; `fetcher` is the network (a test passes its own). */
export function googlePlaces(apiKey: string, fetcher: typeof fetch = fetch): PlacesProvider {
  const call = async (path: string, params: PlacesParams) => {
    const url = new URL(`${GOOGLE_PLACES}/${path}/json`)
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
    url.searchParams.set('key', apiKey)
    const response = await fetcher(url)
    if (!response.ok) throw new Error(`Places API answered ${response.status}`)
    return response.json()
  }
  return {
    name: 'google',
    autocomplete: (params) => call('autocomplete', params),
    details: (params) => call('details', params),
  }
}

/** The provider `PLACES_PROVIDER` names; a misconfiguration says how to fix it. */
export function placesProvider(
  env: Pick<Env, 'PLACES_PROVIDER' | 'GOOGLE_MAPS_API_KEY'> & Partial<Pick<Env, 'ENVIRONMENT'>>,
): PlacesProvider {
  const provider = env.PLACES_PROVIDER ?? 'local'
  if (provider === 'local') return localPlaces
  if (provider === 'google') {
    return googlePlaces(readSecret(env, 'GOOGLE_MAPS_API_KEY'))
  }
  throw new Error(`PLACES_PROVIDER must be "local" or "google", not "${provider}"`)
}
