/**
 * Run by the build (`npm run build -w backend`): bundles openapi.yaml and api/ into
 * backend/dist/contract.bundle.json, which the backend loads instead of bundling on each start.
 */
import { bundleContract, contractPath, saveBundle } from './bundle.js';

saveBundle(await bundleContract(contractPath()));
