// Package weaviatestore keeps a gtrag knowledge base in a Weaviate
// collection: the backend for a knowledge base shared by several machines
// or larger than one machine's memory. (Package doc completed below.)
package weaviatestore
