import path from 'node:path';
import ts from 'typescript';
import type { Obj } from './deploy-files';

/**
 * Checks Kubernetes objects against the API's schemas, offline, as `kubectl apply` with strict field
 * validation (its default) would on a server: the `kubernetes-models` packages (generated from the
 * Kubernetes OpenAPI document, and from the CRDs of KEDA and the Prometheus Operator) in two ways.
 *
 * - Their `validate()`: types, required fields, enums and formats.
 * - Their TypeScript types: every object is type-checked as an object literal of its kind, which
 *   also rejects a field the API does not have (a typo such as `replica:` or `imagePullPolcy:`),
 *   something the generated validators let through (the OpenAPI schemas do not close objects).
 *
 * An apiVersion/kind without a model here is a problem too: nothing goes unchecked.
 */

/** Where each apiVersion's models are: `<package path>/<Kind>` exports `<Kind>` and `I<Kind>`. */
const MODELS: Record<string, string> = {
  v1: 'kubernetes-models/v1',
  'apps/v1': 'kubernetes-models/apps/v1',
  'batch/v1': 'kubernetes-models/batch/v1',
  'autoscaling/v2': 'kubernetes-models/autoscaling/v2',
  'policy/v1': 'kubernetes-models/policy/v1',
  'networking.k8s.io/v1': 'kubernetes-models/networking.k8s.io/v1',
  'keda.sh/v1alpha1': '@kubernetes-models/keda/keda.sh/v1alpha1',
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1',
};

export interface Named {
  /** How a problem names the object, e.g. `overlays/production: Deployment/gateway`. */
  name: string;
  doc: Obj;
}

const modelPath = (doc: Obj): string | undefined => {
  const base = MODELS[String(doc.apiVersion)];
  return base && typeof doc.kind === 'string' && /^[A-Z][A-Za-z0-9]*$/.test(doc.kind) ? `${base}/${doc.kind}` : undefined;
};

/** The generated validators: one message per object that fails. */
async function validateAtRuntime(objects: Named[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { name, doc } of objects) {
    const module = modelPath(doc);
    if (!module) {
      problems.push(`${name}: no schema for apiVersion ${doc.apiVersion}, kind ${doc.kind}`);
      continue;
    }
    let Model: (new (data: Obj) => { validate(): void }) | undefined;
    try {
      Model = ((await import(module)) as Record<string, new (data: Obj) => { validate(): void }>)[doc.kind];
    } catch {
      Model = undefined;
    }
    if (!Model) {
      problems.push(`${name}: no schema for apiVersion ${doc.apiVersion}, kind ${doc.kind}`);
      continue;
    }
    try {
      new Model(structuredClone(doc)).validate();
    } catch (err) {
      problems.push(`${name}: ${(err as Error).message.replace(/\s+/g, ' ')}`);
    }
  }
  return problems;
}

/** The TypeScript types: unknown fields and wrong types, one message per object (its first error). */
function typeCheck(objects: Named[]): string[] {
  const checked = objects.filter((o) => modelPath(o.doc));
  if (checked.length === 0) return [];
  // An ES module inside the project, so that the packages' `exports` resolve as for an import.
  const file = path.join(__dirname, '__k8s_schema_check__.mts');
  const source = checked.map(({ doc }, i) => `export const o${i}: import(${JSON.stringify(modelPath(doc))}).I${doc.kind} = ${JSON.stringify(doc)};`).join('\n');
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (f, language, ...rest) => (f === file ? ts.createSourceFile(f, source, language) : getSourceFile.call(host, f, language, ...rest));
  host.fileExists = (f) => f === file || fileExists.call(host, f);
  host.readFile = (f) => (f === file ? source : readFile.call(host, f));
  const program = ts.createProgram([file], options, host);
  const problems = new Map<number, string>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    if (d.file?.fileName !== file || d.start === undefined) {
      problems.set(-1, `the schema check itself failed: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
      continue;
    }
    const line = d.file.getLineAndCharacterOfPosition(d.start).line;
    if (!problems.has(line)) problems.set(line, `${checked[line].name}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  }
  return [...problems.values()];
}

/** Every problem of the objects against the Kubernetes API (and CRD) schemas; none is good. */
export async function schemaProblems(objects: Named[]): Promise<string[]> {
  return [...(await validateAtRuntime(objects)), ...typeCheck(objects)];
}
