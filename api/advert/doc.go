// Package advert is the advertisement document: the ordered JSON Value tree a
// response is parsed into, and the normalizer that places every member of
// whatever shape the service sent into the groups of the partner interface,
// losing nothing. It knows neither HTTP nor the terminal.
package advert
