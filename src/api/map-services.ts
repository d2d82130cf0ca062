/**
 * Where the third-party map services live (config.maps): an OSRM-compatible directions service
 * and a Nominatim-compatible geocoder. Set once at boot by createServices (src/app/services.tsx);
 * calls to them go through the one http client with `baseURL`, so they never carry the platform
 * token (src/api/http.ts).
 */
export interface MapServices {
  directionsUrl: string;
  geocoderUrl: string;
}

let services: MapServices | undefined;

export function configureMapServices(next: MapServices): void {
  services = { directionsUrl: next.directionsUrl.replace(/\/+$/, ''), geocoderUrl: next.geocoderUrl.replace(/\/+$/, '') };
}

export function mapServices(): MapServices {
  if (!services) throw new Error('configureMapServices() must run before the first map call');
  return services;
}
