package gql

import (
	"context"
	"sync"

	"github.com/ulidgo/ulid"
)

// Resolver keeps the items and users in memory; it is safe for concurrent
// use.
type Resolver struct {
	mu    sync.Mutex
	items map[ulid.ULID]*Item
	users map[ulid.Typed[UserPrefix]]*User
}

func (r *Resolver) Query() QueryResolver       { return queryResolver{r} }
func (r *Resolver) Mutation() MutationResolver { return mutationResolver{r} }

type queryResolver struct{ *Resolver }

func (r queryResolver) Item(_ context.Context, id ulid.ULID) (*Item, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.items[id], nil
}

func (r queryResolver) User(_ context.Context, id ulid.Typed[UserPrefix]) (*User, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.users[id], nil
}

type mutationResolver struct{ *Resolver }

func (r mutationResolver) CreateItem(_ context.Context, parent *ulid.ULID) (*Item, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.items == nil {
		r.items = make(map[ulid.ULID]*Item)
	}
	it := &Item{ID: ulid.Make(), Parent: parent}
	r.items[it.ID] = it
	return it, nil
}

func (r mutationResolver) CreateUser(_ context.Context, manager *ulid.Typed[UserPrefix]) (*User, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.users == nil {
		r.users = make(map[ulid.Typed[UserPrefix]]*User)
	}
	u := &User{ID: ulid.MakeTyped[UserPrefix](), Manager: manager}
	r.users[u.ID] = u
	return u, nil
}
