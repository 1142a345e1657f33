import type { Obj } from './deploy-files';

/**
 * What Kubernetes NetworkPolicies allow, evaluated offline (the API's semantics, as a CNI that
 * enforces them applies them): a connection from one endpoint to another on a port and protocol is
 * allowed when the source's namespace lets it out (egress) and the destination's lets it in
 * (ingress). A pod no policy selects for a direction is open in that direction. Only the policies
 * given are known: endpoints in other namespaces are taken to accept (their policies are theirs).
 */
export interface Endpoint {
  /** A pod: its namespace, labels and container ports (for named ports). */
  namespace?: string;
  labels?: Record<string, string>;
  ports?: { name?: string; containerPort: number; protocol?: string }[];
  /** An address outside the cluster's pods (matched by ipBlock only). */
  ip?: string;
}

export interface Connection {
  port: number | string;
  protocol?: 'TCP' | 'UDP';
}

type Selector = { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values?: string[] }[] };

export function selects(selector: Selector | undefined, labels: Record<string, string> = {}): boolean {
  if (!selector) return true;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = Object.hasOwn(labels, e.key);
    const ok = {
      In: has && (e.values ?? []).includes(labels[e.key]),
      NotIn: !has || !(e.values ?? []).includes(labels[e.key]),
      Exists: has,
      DoesNotExist: !has,
    }[e.operator];
    if (ok === undefined) throw new Error(`unknown selector operator ${e.operator}`);
    if (!ok) return false;
  }
  return true;
}

const ipToInt = (ip: string) => ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const mask = Number(bits) === 0 ? 0 : (~0 << (32 - Number(bits))) >>> 0;
  return (ipToInt(ip) & mask) === (ipToInt(base) & mask);
}

/** The namespace labels Kubernetes sets itself. */
const namespaceLabels = (namespace: string) => ({ 'kubernetes.io/metadata.name': namespace });

function peerMatches(peer: Obj, policyNamespace: string, other: Endpoint): boolean {
  if (peer.ipBlock) return other.ip !== undefined && inCidr(other.ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c: string) => inCidr(other.ip!, c));
  if (other.namespace === undefined) return false;
  const namespaceOk = peer.namespaceSelector ? selects(peer.namespaceSelector, namespaceLabels(other.namespace)) : other.namespace === policyNamespace;
  return namespaceOk && selects(peer.podSelector, other.labels);
}

/** Whether a rule's ports admit the connection; named ports resolve on the destination pod. */
function portMatches(ports: Obj[] | undefined, conn: Connection, destination: Endpoint): boolean {
  if (!ports || ports.length === 0) return true;
  const protocol = conn.protocol ?? 'TCP';
  const number =
    typeof conn.port === 'number' ? conn.port : destination.ports?.find((p) => p.name === conn.port && (p.protocol ?? 'TCP') === protocol)?.containerPort;
  return ports.some((p) => {
    if ((p.protocol ?? 'TCP') !== protocol) return false;
    if (p.port === undefined) return true;
    const wanted = typeof p.port === 'number' ? p.port : destination.ports?.find((c) => c.name === p.port && (c.protocol ?? 'TCP') === protocol)?.containerPort;
    if (wanted === undefined || number === undefined) return false;
    return p.endPort !== undefined ? number >= wanted && number <= p.endPort : number === wanted;
  });
}

const typesOf = (policy: Obj): string[] => policy.spec.policyTypes ?? ['Ingress', ...(policy.spec.egress ? ['Egress'] : [])];

function allowedOneWay(policies: Obj[], direction: 'Ingress' | 'Egress', self: Endpoint, other: Endpoint, conn: Connection, destination: Endpoint): boolean {
  const applying = policies.filter((p) => p.metadata.namespace === self.namespace && typesOf(p).includes(direction) && selects(p.spec.podSelector, self.labels));
  if (applying.length === 0) return true;
  const rulesKey = direction === 'Ingress' ? 'ingress' : 'egress';
  const peersKey = direction === 'Ingress' ? 'from' : 'to';
  return applying.some((p) =>
    (p.spec[rulesKey] ?? []).some(
      (rule: Obj) => (!rule[peersKey] || rule[peersKey].length === 0 || rule[peersKey].some((peer: Obj) => peerMatches(peer, p.metadata.namespace, other))) && portMatches(rule.ports, conn, destination),
    ),
  );
}

/** Whether `from` may open a connection to `to` under the given NetworkPolicies. */
export function allowed(policies: Obj[], from: Endpoint, to: Endpoint, conn: Connection): boolean {
  const known = new Set(policies.map((p) => p.metadata.namespace));
  const out = from.namespace === undefined || !known.has(from.namespace) || allowedOneWay(policies, 'Egress', from, to, conn, to);
  const into = to.namespace === undefined || !known.has(to.namespace) || allowedOneWay(policies, 'Ingress', to, from, conn, to);
  return out && into;
}
