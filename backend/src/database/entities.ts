import { Customer } from '../customer/customer.entity.js';
import { IDENTITY_ENTITIES } from '../identity/identity.entities.js';
import { REFERENCE_ENTITIES } from '../reference/reference.entities.js';

/** Every entity of the application; migrations are generated from this list. */
export const ENTITIES = [...REFERENCE_ENTITIES, ...IDENTITY_ENTITIES, Customer];
