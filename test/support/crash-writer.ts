/**
 * Writes to a store until it is killed, printing `ACK <what>` after each
 * write returns, so a test can SIGKILL it at any moment and check that
 * everything acknowledged survived.
 *
 *   node --import tsx test/support/crash-writer.ts <dataDir> <round>
 *
 * A small journal bound and shard bound make checkpoints, segment rotations
 * and evictions frequent, so kills land inside them too.
 */
import { openStore } from '../../server/adapters/storage/sqljs-store';
import { emptyProfile, type TraceSample } from '../../server/contracts';
import { runId, type EvaluationRecord } from '../../server/core/domain';

const [dataDir, round] = process.argv.slice(2);
if (!dataDir || !round) throw new Error('usage: crash-writer.ts <dataDir> <round>');

const store = await openStore({ dataDir, maxOpenShards: 3 }, { journalLimitBytes: 48 * 1024 });
const ack = (what: string) => process.stdout.write(`ACK ${what}\n`);

const longText = (seed: number) => `Trace ${seed}: `.padEnd(9_000, 'agent compares plans, reads docs, checks signup. ');
const samples = (seed: number): TraceSample[] =>
  [0, 1].map((sample) => ({
    sample,
    prompt: longText(seed),
    response: longText(seed + 1),
    reasoning: 'r',
    justification: 'j',
    score: 5,
    evidence: [],
    duration_ms: 1,
    temperature: null,
    seed: null,
    error: null,
  }));

const evaluations = store.evaluations.list().map((evaluation) => evaluation.id);
const nextSeq = new Map<string, number>(evaluations.map((id) => [id, store.evaluations.listRuns(id).length]));
const progress = new Map<string, number>(store.evaluations.list().map((e) => [e.id, e.progress.completed_runs]));
process.stdout.write('READY\n');

const now = () => new Date().toISOString();
for (let step = 0; ; step += 1) {
  const tag = `${round}-${step}`;
  const pick = evaluations[Math.floor(Math.random() * evaluations.length)];
  switch (step % 5) {
    case 0: {
      store.customers.insert({ id: `cust-${tag}`, name: `Customer ${tag}`, website_url: 'https://c.example/', created_at: now() });
      ack(`customer cust-${tag}`);
      break;
    }
    case 1: {
      const id = `eval-${tag}`;
      const evaluation: EvaluationRecord = {
        id,
        customer_id: 'c',
        scenario_id: 's',
        vendor_ids: ['a', 'b'],
        customer_vendor_id: 'a',
        models: ['rules'],
        samples: 1,
        status: 'created',
        error: null,
        created_at: now(),
        started_at: null,
        completed_at: null,
        phase: 'idle',
        progress: { total_runs: 0, completed_runs: 0, failed_runs: 0 },
      };
      store.evaluations.insert(evaluation);
      evaluations.push(id);
      nextSeq.set(id, 0);
      progress.set(id, 0);
      ack(`evaluation ${id}`);
      break;
    }
    case 2:
    case 3: {
      if (!pick) break;
      const seq = nextSeq.get(pick) ?? 0;
      nextSeq.set(pick, seq + 1);
      const completed = (progress.get(pick) ?? 0) + 1;
      progress.set(pick, completed);
      // A run and the progress it makes are one transaction: either both survive or neither.
      store.transaction(() => {
        store.evaluations.saveRun({
          id: runId(pick, seq),
          evaluation_id: pick,
          seq,
          model: 'rules',
          vendor_id: 'a',
          vendor_name: 'A',
          stage: 'preference',
          status: 'completed',
          score: 5,
          error: null,
          duration_ms: 3,
          started_at: now(),
          completed_at: now(),
          samples: samples(step),
          detail: { step },
        });
        store.evaluations.update(pick, { progress: { total_runs: 100, completed_runs: completed, failed_runs: 0 } });
      });
      ack(`run ${runId(pick, seq)} ${completed}`);
      break;
    }
    case 4: {
      const vendorId = `ven-${tag}`;
      store.transaction(() => {
        store.vendors.insert({
          id: vendorId,
          name: vendorId,
          website_url: 'https://v.example/',
          description: '',
          created_at: now(),
          profile_status: 'pending',
          profile_updated_at: null,
        });
        store.vendors.saveProfile({ ...emptyProfile(vendorId, 'https://v.example/'), status: 'ok', summary: longText(step) });
      });
      ack(`profile ${vendorId}`);
      break;
    }
  }
}
