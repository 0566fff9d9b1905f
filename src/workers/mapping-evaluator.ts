// The mapping sandbox process (docs/adr/0501-custom-mapping-sandbox.md): evaluates custom mappings
// that src/modules/integration/mapping.sandbox.ts sends it over IPC, one job at a time. It runs with
// a small heap and no environment; if an expression exhausts it, only this process dies and the
// sandbox starts another. Bundled with esbuild and started with `node -e`; argv[1] is the progress
// file, where the field being evaluated is written before each expression, so a job this process
// cannot finish (killed on its deadline, or dead of memory) can still be blamed on its field.
import { openSync, writeSync } from 'node:fs';
import { MAPPING_FIELDS, MappingFailed, evaluateMapping, type Mapping, type MappingField } from '../modules/integration/mapping.eval.ts';

export interface MappingJob {
  seq: number;
  mapping: Mapping;
  payload: unknown;
  budgetMs: number;
  trial: boolean;
}

const progress = openSync(process.argv[1]!, 'r+');
const record = Buffer.alloc(6);
let seq = 0;
/** [job seq (2 bytes), field index, 0, item (2 bytes)]: read by the sandbox only when a job dies. */
function onField(field: MappingField, item: number) {
  record.writeUInt16LE(seq & 0xffff, 0);
  record[2] = MAPPING_FIELDS.indexOf(field);
  record.writeUInt16LE(Math.min(item, 0xffff), 4);
  writeSync(progress, record, 0, 6, 0);
}

process.on('message', (job: MappingJob) => {
  seq = job.seq;
  evaluateMapping(job.mapping, job.payload, { budgetMs: job.budgetMs, trial: job.trial, onField }).then(
    (items) => process.send!({ seq: job.seq, ok: true, items }),
    (err: unknown) => {
      // Not an expression's error (evaluateMapping catches those): blamed on the last field begun.
      const failure =
        err instanceof MappingFailed
          ? err.failure
          : { field: MAPPING_FIELDS[record[2]!] ?? 'items', item: record.readUInt16LE(4), reason: (err as Error)?.message ?? 'failed', bound: false };
      process.send!({ seq: job.seq, ok: false, failure });
    },
  );
});
// The application is gone (or closed the sandbox): so is this process.
process.on('disconnect', () => process.exit(0));
