import { pricing } from '@gatehouse/entities';
import { EntityDomain } from '../entity-domain.js';

export const pricings = new EntityDomain(pricing);
