import { runBackupBench } from '../backup.ts';
import type { Row } from '../lib/table.ts';
import { round } from '../lib/stats.ts';
import { mb, mbps, sized, type Section } from './section.ts';

export const backup: Section = {
  name: 'backup',
  async run(quick) {
    const r = await runBackupBench(sized('BENCH_BACKUP_BELIEFS', quick ? 2_000 : 1_000_000));
    const sec = (v: number) => `${round(v, 2)} s`;
    const rows: Row[] = [
      {
        item: 4,
        measure: `export ${r.beliefs} beliefs (${mb(r.jsonlMB)} JSON lines, ${mb(r.archiveMB)} archive) vs \`gzip -1 | age -p\` on the same JSON lines: plaintext MB/s`,
        value: `${mbps(r.export.jsonlMBps)} (${sec(r.export.seconds)})`,
        baseline: r.pipeline ? `${mbps(r.pipeline.jsonlMBps)} (${sec(r.pipeline.seconds)})` : 'age, gzip or script not installed',
        ratio: r.exportVsPipeline ?? undefined,
        target: '≥ 0.5',
        met: r.exportVsPipeline === null ? undefined : r.exportVsPipeline >= 0.5,
      },
      {
        item: 4,
        measure: `import ${r.beliefs} beliefs: time vs the export's`,
        value: sec(r.import.seconds),
        baseline: sec(r.export.seconds),
        ratio: round(r.importVsExport, 3),
        target: '≤ 1.5',
        met: r.importVsExport <= 1.5,
      },
      { item: 4, measure: 'export peak RSS of the server process', value: mb(r.export.peakRssMB), target: '< 256 MB', met: r.export.peakRssMB < 256 },
      { item: 4, measure: 'import peak RSS of the server process', value: mb(r.import.peakRssMB), target: '< 256 MB', met: r.import.peakRssMB < 256 },
    ];
    return { result: r, rows };
  },
};
