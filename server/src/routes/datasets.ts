/**
 * Datasets for chart blocks (spec part 2 §3, §5): the owner edits them; the chart block reads
 * one by id. Every save is checked with the spec's messages and truncated to our limits.
 */
import type { FastifyInstance } from 'fastify';
import { deleteDataset, findDataset, listDatasets, saveDataset, seedDatasetOnce } from '../repositories/datasets';
import { readSiteSettings } from '../site-page';
import { datasetSeeds } from '../site-seeds';
import { DATASET_ID_PATTERN, MAX_CELL_LENGTH, MAX_COLUMNS, MAX_NAME_LENGTH, MAX_ROWS, datasetProblem, truncate, type Dataset } from '../../../contract/chart/dataset';
import { crumbQuery } from '../schemas';
import { DATASET_ROUTE_PATH } from '../../../contract/api/paths';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import type { DatasetsAnswer, OwnerDataset } from '../../../contract/api/owner-answers';

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: DATASET_ID_PATTERN } } } as const;
const cell = { type: ['string', 'number', 'null'], maxLength: MAX_CELL_LENGTH } as const;
const datasetBody = {
  type: 'object',
  required: ['name', 'columns', 'rows'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH },
    columns: { type: 'array', maxItems: MAX_COLUMNS * 2, items: { type: 'string', maxLength: MAX_NAME_LENGTH } },
    rows: { type: 'array', maxItems: MAX_ROWS * 2, items: { type: 'array', maxItems: MAX_COLUMNS * 2, items: cell } },
  },
} as const;

interface Row {
  id: string;
  name: string;
  columns_json: string;
  rows_json: string;
  updated_at: number;
}
const toJson = (row: Row): OwnerDataset => ({ id: row.id, name: row.name, dataset: { columns: JSON.parse(row.columns_json), rows: JSON.parse(row.rows_json) } as Dataset, updatedAt: new Date(row.updated_at).toISOString() });

export default async function datasetRoutes(app: FastifyInstance): Promise<void> {
  const store = app.storage;
  for (const seed of datasetSeeds(await readSiteSettings(app), (message) => app.log.warn(message))) await seedDatasetOnce(store, seed.id, seed.name, seed.dataset);
  const find = (id: string) => findDataset(store, id);

  // Public: a chart block on any page reads its dataset.
  app.get(DATASET_ROUTE_PATH, { schema: { querystring: crumbQuery, params: idParams } }, async (request, reply) => {
    const row = await find((request.params as { id: string }).id);
    return row ? toJson(row) : reply.code(404).send({ error: 'Unable to locate content' });
  });

  app.get(OWNER_PATHS.datasets, { schema: { querystring: crumbQuery } }, async (): Promise<DatasetsAnswer> => ({
    datasets: (await listDatasets(store)).map(toJson),
  }));

  app.put(OWNER_PATHS.dataset, { schema: { querystring: crumbQuery, params: idParams, body: datasetBody } }, async (request, reply) => {
    const { name, columns, rows } = request.body as { name: string; columns: string[]; rows: Dataset['rows'] };
    const problem = datasetProblem({ columns, rows });
    if (problem) return reply.code(400).send({ error: problem });
    const { dataset, truncated } = truncate({ columns, rows });
    const id = (request.params as { id: string }).id;
    await saveDataset(store, id, name.trim(), dataset);
    return { ...toJson((await find(id))!), truncated };
  });

  app.delete(OWNER_PATHS.dataset, { schema: { querystring: crumbQuery, params: idParams } }, async (request) => {
    await deleteDataset(store, (request.params as { id: string }).id);
    return {};
  });
}
