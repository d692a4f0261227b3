/**
 * Every job kind and its payload, derived from the feature manifests (issue 24, ADR 064): a module declares each
 * kind it runs next to its handler (`jobs: { "date.expire": defineJob<{ date_id: number }>(…) }` in its index.ts),
 * and enqueueJob() is typed against exactly these, so a kind without a handler does not compile. Payloads are JSON;
 * they carry ids, not copies of data, so a job always works on the current rows.
 *
 * server/modules/index.ts registers its list of manifests into JobRegistry (declaration merging, as i18next's
 * CustomTypeOptions): every module that enqueues imports this file, so importing the manifests here would be a cycle.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in server/modules/index.ts
export interface JobRegistry {}

type Features = JobRegistry extends { features: infer F extends readonly unknown[] } ? F : readonly [];
type JobsOf<M> = M extends { jobs: infer J } ? J : never;
type Merged<U> = (U extends unknown ? (jobs: U) => void : never) extends (jobs: infer I) => void ? I : never;
type AllJobs = Merged<JobsOf<Features[number]>>;
/** A definition's payload: the first parameter of its handler's run (structurally; JobDefinition lives with the manifests). */
type PayloadOf<D> = D extends { handler(...args: never[]): infer H }
  ? NonNullable<H> extends { run(payload: infer P, ...rest: never[]): unknown }
    ? P
    : never
  : never;

export type JobPayloads = { [K in keyof AllJobs & string]: PayloadOf<AllJobs[K]> };
export type JobKind = keyof JobPayloads;
