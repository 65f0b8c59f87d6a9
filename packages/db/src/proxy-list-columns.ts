/**
 * The columns of proxy_lists that say where a list's connections go and on which ports: its
 * owner package, targeting (preset, countries, region, city, ISP), rotation and port range. The
 * API prints a list's lines from them and the gateway routes its connections by them, so both
 * read the same set.
 */
export const PROXY_LIST_ROUTING_COLUMNS = [
  'id',
  'package_id',
  'location_preset',
  'countries',
  'region',
  'city',
  'isp',
  'rotation_period',
  'ports_count',
  'port_start',
] as const;
