import { plan } from '@gatehouse/entities';
import { EntityDomain } from '../entity-domain.js';

export const plans = new EntityDomain(plan);
