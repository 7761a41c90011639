import { product } from '@gatehouse/entities';
import { EntityDomain } from '../entity-domain.js';

export const products = new EntityDomain(product);
